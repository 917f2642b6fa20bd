import type { PublicUser } from '@reelmates/contracts/account'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keptAnswersKey, readKeptAnswers, writeKeptAnswers } from './keptAnswers'
import { registerWaitingChanges } from './waitingChangeDefaults'

const ada = { id: 'u-ada', username: 'ada' } as PublicUser

/** A fresh page: the session module keeps whether this page restored its snapshot yet. */
async function newPage() {
  vi.resetModules()
  return import('./offlineSession')
}

/** The app's query client as main.tsx makes it: the changes that wait offline registered under their keys. */
function appClient(): QueryClient {
  const client = new QueryClient()
  registerWaitingChanges(client)
  return client
}

function noteOffline(client: QueryClient, note: string): void {
  void client
    .getMutationCache()
    .build(client, {
      mutationKey: ['library', 'editWatchlistNote'],
      scope: { id: 'library' },
      mutationFn: () => Promise.resolve(),
    })
    .execute(note)
    .catch(() => undefined)
}

const waitingNotes = () =>
  readKeptAnswers(window.localStorage, 'test+0')?.state.mutations.map((mutation) => mutation.state.variables)

describe('keeping the answers and the waiting changes on the device', () => {
  let stops: (() => void)[] = []
  beforeEach(() => {
    vi.useFakeTimers()
    window.localStorage.clear()
    onlineManager.setOnline(false)
  })
  afterEach(() => {
    for (const stop of stops) stop()
    stops = []
    vi.useRealTimers()
    onlineManager.setOnline(true)
  })

  it('writes a change made offline before the next task, not a second later, so a reload right after keeps it', async () => {
    const session = await newPage()
    const client = appClient()
    stops.push(session.keepAnswers(client, () => ada))
    session.userKnown(client, ada)

    noteOffline(client, 'Watch on the train')
    await Promise.resolve()
    expect(waitingNotes()).toEqual(['Watch on the train'])
  })

  it('clears the device for an update but for the waiting changes, this page’s included, and no user to sign in with offline', async () => {
    const session = await newPage()
    const client = appClient()
    stops.push(session.keepAnswers(client, () => ada))
    session.userKnown(client, ada)
    client.setQueryData(['library', 'watchlist'], [{ tmdbId: 1 }])
    noteOffline(client, 'Watch on the train')
    await Promise.resolve()
    window.localStorage.setItem('reelmates.auth', '{"isAuthenticated":true}')
    expect(session.lastKnownUser()?.user).toEqual(ada)

    session.clearStorageKeepingWaitingChanges()
    expect(Object.keys(window.localStorage)).toEqual([keptAnswersKey])
    expect(waitingNotes()).toEqual(['Watch on the train'])
    expect(readKeptAnswers(window.localStorage, 'test+0')?.state.queries).toEqual([])
    expect(session.lastKnownUser()).toBeUndefined()
  })

  it('restores no answer kept by another build of the same version, whose answers may have another shape', async () => {
    // An earlier build kept the bell as a plain list; this one reads it as pages, and crashed on it.
    // Builds before this one tagged the snapshot with the package version alone, the same in each.
    const earlier = new QueryClient()
    earlier.setQueryData(['notifications', 'list'], { items: [], nextCursor: null })
    earlier.setQueryData(['library', 'watchlist'], [{ tmdbId: 1 }])
    writeKeptAnswers(window.localStorage, earlier, ada, __APP_VERSION__)

    const session = await newPage()
    const client = appClient()
    session.userKnown(client, ada)
    expect(client.getQueryData(['notifications', 'list'])).toBeUndefined()
    expect(client.getQueryData(['library', 'watchlist'])).toBeUndefined()
  })

  it('still knows who was signed in from a snapshot of the build before, for a first start offline after an update', async () => {
    const earlier = new QueryClient()
    earlier.setQueryData(['library', 'watchlist'], [{ tmdbId: 1 }])
    writeKeptAnswers(window.localStorage, earlier, ada, __APP_VERSION__)

    const session = await newPage()
    expect(session.lastKnownUser()?.user).toEqual(ada)
  })

  it('drops the kept answers for a failed page’s reload, keeps who and what waits, and writes no more', async () => {
    const session = await newPage()
    const client = appClient()
    stops.push(session.keepAnswers(client, () => ada))
    session.userKnown(client, ada)
    client.setQueryData(['notifications', 'list'], { items: [], nextCursor: null })
    noteOffline(client, 'Watch on the train')
    await Promise.resolve()
    expect(readKeptAnswers(window.localStorage, 'test+0')?.state.queries).toHaveLength(1)

    session.dropKeptAnswersBeforeReload()
    expect(readKeptAnswers(window.localStorage, 'test+0')?.state.queries).toEqual([])
    expect(waitingNotes()).toEqual(['Watch on the train'])
    expect(session.lastKnownUser()?.user).toEqual(ada)
    // The answer that failed the page is still in memory; it must not go back on the device.
    client.setQueryData(['library', 'watchlist'], [{ tmdbId: 2 }])
    await vi.advanceTimersByTimeAsync(2_000)
    expect(readKeptAnswers(window.localStorage, 'test+0')?.state.queries).toEqual([])
  })

  it('restores once per page: a page that found no snapshot does not take its own changes in again', async () => {
    const session = await newPage()
    const client = appClient()
    stops.push(session.keepAnswers(client, () => ada))
    session.userKnown(client, ada)
    noteOffline(client, 'Watch on the train')
    await Promise.resolve()
    expect(waitingNotes()).toEqual(['Watch on the train'])

    // Offline, a guard asks again and the last known user answers.
    session.userKnown(client, ada)
    expect(client.getMutationCache().getAll()).toHaveLength(1)
  })

  describe('with several tabs open', () => {
    /** The browser's Web Locks, as far as the tabs use them: taken if free, held until the tab goes. */
    const held = new Set<string>()
    beforeEach(() => {
      held.clear()
      Object.defineProperty(navigator, 'locks', {
        configurable: true,
        value: {
          request: (name: string, _options: unknown, take: (lock: { name: string } | null) => unknown) => {
            if (held.has(name)) return Promise.resolve(take(null))
            held.add(name)
            return Promise.resolve(take({ name }))
          },
          query: () => Promise.resolve({ held: [...held].map((name) => ({ name })) }),
        },
      })
    })
    afterEach(() => Reflect.deleteProperty(navigator, 'locks'))

    /** A tab of the app: its own id (sessionStorage is per tab), its page, and its query client. */
    async function tab(id: string) {
      window.sessionStorage.setItem('reelmates.tabId', id)
      const session = await newPage()
      const client = appClient()
      const stop = session.keepAnswers(client, () => ada)
      session.userKnown(client, ada)
      // Later than anything before it (the changes are sent in the order they were made).
      await vi.advanceTimersByTimeAsync(10)
      return {
        client,
        close: () => {
          stop()
          held.delete(`reelmates.tab.${id}`)
        },
      }
    }
    const changesIn = (client: QueryClient) =>
      client
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables)

    it("keeps each tab's waiting changes when another writes, and the next tab takes up a closed one's", async () => {
      const one = await tab('one')
      noteOffline(one.client, 'from tab one')
      await vi.advanceTimersByTimeAsync(0)
      const two = await tab('two')
      noteOffline(two.client, 'from tab two')
      await vi.advanceTimersByTimeAsync(0)
      // Tab two wrote its snapshot last; tab one's change is still on the device.
      expect(waitingNotes()).toEqual(['from tab one', 'from tab two'])

      // Tab one reloads: it gets its own change back, not tab two's, which tab two still holds.
      one.close()
      const oneAgain = await tab('one')
      expect(changesIn(oneAgain.client)).toEqual(['from tab one'])

      // Tab one is closed for good; a new tab takes its change up, and leaves tab two's alone.
      oneAgain.close()
      const three = await tab('three')
      expect(changesIn(three.client)).toEqual(['from tab one'])
      await vi.advanceTimersByTimeAsync(0)
      expect(waitingNotes()).toEqual(['from tab one', 'from tab two'])
      const kept = readKeptAnswers(window.localStorage, 'test+0')
      expect(Object.keys(kept?.waiting ?? {}).sort()).toEqual(['three', 'two'])
      two.close()
      three.close()
    })
  })

  it('writes nothing before the page has restored the snapshot, so a reload never drops the changes kept in it', async () => {
    const before = await newPage()
    const first = appClient()
    const firstGoesAway = before.keepAnswers(first, () => ada)
    before.userKnown(first, ada)
    noteOffline(first, 'Watch on the train')
    await Promise.resolve()
    firstGoesAway()

    // The reload: an answer arrives and a second passes before the guards know who is signed in.
    const after = await newPage()
    const second = appClient()
    stops.push(after.keepAnswers(second, () => ada))
    second.setQueryData(['/api/tmdb/movie/1'], { id: 1 })
    vi.advanceTimersByTime(1500)
    expect(waitingNotes()).toEqual(['Watch on the train'])

    after.userKnown(second, ada)
    expect(
      second
        .getMutationCache()
        .getAll()
        .map((mutation) => mutation.state.variables),
    ).toEqual(['Watch on the train'])
    await Promise.resolve()
    vi.advanceTimersByTime(1500)
    expect(waitingNotes()).toEqual(['Watch on the train'])
    expect(window.localStorage.getItem(keptAnswersKey)).toContain('/api/tmdb/movie/1')
  })
})
