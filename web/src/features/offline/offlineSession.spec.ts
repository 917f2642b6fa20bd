import type { PublicUser } from '@reelmates/contracts/account'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keptAnswersKey, readKeptAnswers } from './keptAnswers'
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
  readKeptAnswers(window.localStorage, 'test')?.state.mutations.map((mutation) => mutation.state.variables)

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
