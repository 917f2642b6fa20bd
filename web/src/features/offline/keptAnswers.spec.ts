import type { PublicUser } from '@reelmates/contracts/account'
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import {
  keptAnswersKey,
  keptAnswersLifetimeMs,
  readKeptAnswers,
  restoreKeptAnswers,
  waitingChangesOnly,
  writeKeptAnswers,
} from './keptAnswers'
import { adminKeys as accountAdminKeys } from '../admin/adminCalls'
import { adminKeys } from '../admin/queries'
import { blogKeys } from '../blog/blogQueries'
import { campaignKeys } from '../campaigns/queries'
import { emailTemplateKeys } from '../emailTemplates/queries'

const adminScreenKeys: readonly (readonly unknown[])[] = [
  accountAdminKeys.outbox(''),
  accountAdminKeys.users(''),
  adminKeys.events({}),
  adminKeys.analytics(30),
  campaignKeys.all,
  [...campaignKeys.history, 'all'],
  emailTemplateKeys.all,
  blogKeys.adminPosts('', 'all'),
  blogKeys.adminPost('p1'),
]

function memoryStorage(): Storage {
  const values = new Map<string, string>()
  return {
    get length() {
      return values.size
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  }
}

const ada = { id: 'u-ada', username: 'ada' } as PublicUser

/** The reload: a new client whose `mutationKey` changes record what they send, with the kept snapshot restored. */
function restoredRecording(storage: Storage, mutationKey: string[]): { after: QueryClient; sent: string[] } {
  const sent: string[] = []
  const after = new QueryClient()
  after.setMutationDefaults(mutationKey, { mutationFn: (value: string) => Promise.resolve(void sent.push(value)) })
  const kept = readKeptAnswers(storage, '1', 6_000)
  if (!kept) throw new Error('the snapshot was kept')
  restoreKeptAnswers(after, kept)
  return { after, sent }
}

/** The page that made the changes: the library's changes are registered to wait (waitingChangeDefaults.ts). */
function pageWithWaitingChanges(): QueryClient {
  const client = new QueryClient()
  client.setMutationDefaults(['library'], { mutationFn: () => Promise.resolve() })
  return client
}

function clientWithAnswers(): QueryClient {
  const client = new QueryClient()
  client.setQueryData(['library', 'watchlist'], [{ tmdbId: 1 }], { updatedAt: 1_000 })
  client.setQueryData(['/api/tmdb/movie/1'], { id: 1 }, { updatedAt: 2_000 })
  client.setQueryData(['/api/user'], ada)
  client.setQueryData(['/api/tmdb/autocomplete', 'godf'], { results: [] })
  client.setQueryData(['/api/admin/users'], [])
  // The admin screens' keys as their features name them.
  for (const key of adminScreenKeys) client.setQueryData(key, { mail: 'a reset link for someone else' })
  client.setQueryData(['friends', 'search', 'ann'], [{ username: 'ann', relationship: 'requested' }])
  return client
}

describe('the answers kept for offline use', () => {
  it('keeps the user’s lists and pages with their age, not the user, title or people searches, or admin screens', () => {
    const storage = memoryStorage()
    writeKeptAnswers(storage, clientWithAnswers(), ada, '1', 5_000)
    const kept = readKeptAnswers(storage, '1', 6_000)
    expect(kept?.userId).toBe('u-ada')
    expect(kept?.state.queries.map((query) => query.queryKey)).toEqual([
      ['library', 'watchlist'],
      ['/api/tmdb/movie/1'],
    ])

    const restored = new QueryClient()
    if (kept) restoreKeptAnswers(restored, kept)
    expect(restored.getQueryData(['library', 'watchlist'])).toEqual([{ tmdbId: 1 }])
    expect(restored.getQueryState(['library', 'watchlist'])?.dataUpdatedAt).toBe(1_000)
  })

  it('drops admin screens from a snapshot written before they were left out', () => {
    const storage = memoryStorage()
    writeKeptAnswers(storage, clientWithAnswers(), ada, '1', 5_000)
    const kept = readKeptAnswers(storage, '1', 6_000)
    if (!kept) throw new Error('nothing kept')
    const older = {
      ...kept,
      state: {
        ...kept.state,
        queries: [
          ...kept.state.queries,
          ...adminScreenKeys.map((queryKey) => ({
            ...kept.state.queries[0]!,
            queryKey,
            queryHash: JSON.stringify(queryKey),
          })),
        ],
      },
    }
    const restored = new QueryClient()
    restoreKeptAnswers(restored, older)
    for (const key of adminScreenKeys) expect(restored.getQueryData(key)).toBeUndefined()
    expect(restored.getQueryData(['library', 'watchlist'])).toEqual([{ tmdbId: 1 }])
  })

  it('keeps the last answer of a page whose refetch failed, as an answer', async () => {
    const client = clientWithAnswers()
    await client
      .query({
        queryKey: ['/api/tmdb/movie/1'],
        queryFn: () => Promise.reject(new Error('Network error')),
        staleTime: 0,
      })
      .catch(() => undefined)
    expect(client.getQueryState(['/api/tmdb/movie/1'])?.status).toBe('error')

    const storage = memoryStorage()
    writeKeptAnswers(storage, client, ada, '1', 5_000)
    const restored = new QueryClient()
    restoreKeptAnswers(restored, readKeptAnswers(storage, '1', 6_000)!)
    expect(restored.getQueryData(['/api/tmdb/movie/1'])).toEqual({ id: 1 })
    expect(restored.getQueryState(['/api/tmdb/movie/1'])).toMatchObject({
      status: 'success',
      error: null,
      dataUpdatedAt: 2_000,
    })
  })

  it('drops a snapshot older than its lifetime when no change waits in it', () => {
    const storage = memoryStorage()
    writeKeptAnswers(storage, clientWithAnswers(), ada, '1', 5_000)
    expect(readKeptAnswers(storage, '1', 5_001 + keptAnswersLifetimeMs)).toBeUndefined()
    expect(storage.getItem(keptAnswersKey)).toBeNull()
  })

  it('drops the answers of another build but keeps its user, to open the app with offline after an update', () => {
    const storage = memoryStorage()
    writeKeptAnswers(storage, clientWithAnswers(), ada, '1', 5_000)
    const kept = readKeptAnswers(storage, '2', 6_000)
    expect(kept).toMatchObject({ stale: true, user: ada })
    expect(kept?.userStale).toBeUndefined()
    expect(kept?.state.queries).toEqual([])
    // A long absence is another matter: nobody to open the app as.
    expect(readKeptAnswers(storage, '2', 5_001 + keptAnswersLifetimeMs)).toBeUndefined()
  })

  describe('changes made offline', () => {
    afterEach(() => onlineManager.setOnline(true))

    it('keeps the changes still waiting and, after a reload, sends them in the order they were made', async () => {
      onlineManager.setOnline(false)
      const storage = memoryStorage()
      const before = pageWithWaitingChanges()
      for (const note of ['first', 'second', 'third'])
        void before
          .getMutationCache()
          .build(before, {
            mutationKey: ['library', 'editWatchlistNote'],
            scope: { id: 'library' },
            mutationFn: () => Promise.reject(new Error('the page went away before the connection came back')),
          })
          .execute(note)
          .catch(() => undefined)
      expect(
        before
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state.isPaused),
      ).toEqual([true, true, true])
      writeKeptAnswers(storage, before, ada, '1', 5_000)

      // The reload: a new client with the features' mutation defaults, still offline.
      const sent: string[] = []
      const after = new QueryClient()
      after.setMutationDefaults(['library', 'editWatchlistNote'], {
        mutationFn: async (note: string) => {
          await new Promise((resolve) => setTimeout(resolve, note === 'first' ? 20 : 0))
          sent.push(note)
        },
      })
      const kept = readKeptAnswers(storage, '1', 6_000)
      if (!kept) throw new Error('the snapshot was kept')
      restoreKeptAnswers(after, kept)
      expect(sent).toEqual([])

      onlineManager.setOnline(true)
      await after.resumePausedMutations()
      await expect.poll(() => sent).toEqual(['first', 'second', 'third'])
      expect(
        after
          .getMutationCache()
          .getAll()
          .every((mutation) => mutation.state.status === 'success'),
      ).toBe(true)
    })

    it('keeps a change still on its way, unanswered, as waiting: the page may go before its answer', async () => {
      const storage = memoryStorage()
      const before = pageWithWaitingChanges()
      void before
        .getMutationCache()
        .build(before, {
          mutationKey: ['library', 'editWatchlistNote'],
          scope: { id: 'library' },
          mutationFn: () => new Promise(() => undefined),
        })
        .execute('on its way')
      await expect
        .poll(() => before.getMutationCache().getAll()[0]?.state)
        .toMatchObject({ status: 'pending', isPaused: false })
      writeKeptAnswers(storage, before, ada, '1', 5_000)

      onlineManager.setOnline(false)
      const { after, sent } = restoredRecording(storage, ['library', 'editWatchlistNote'])
      expect(after.getMutationCache().getAll()[0]?.state).toMatchObject({ status: 'pending', isPaused: true })
      expect(sent).toEqual([])
      onlineManager.setOnline(true)
      await after.resumePausedMutations()
      await expect.poll(() => sent).toEqual(['on its way'])
    })

    it('keeps only the changes the app can send again after a reload, those registered to wait', () => {
      onlineManager.setOnline(false)
      const storage = memoryStorage()
      const before = pageWithWaitingChanges()
      for (const mutationKey of [['library', 'editWatchlistNote'], ['friendships', 'accept'], undefined])
        void before
          .getMutationCache()
          .build(before, { ...(mutationKey ? { mutationKey } : {}), mutationFn: () => new Promise(() => undefined) })
          .execute('change')
      writeKeptAnswers(storage, before, ada, '1', 5_000)
      const kept = readKeptAnswers(storage, '1', 6_000)
      expect(kept?.state.mutations.map((mutation) => mutation.mutationKey)).toEqual([['library', 'editWatchlistNote']])
    })

    /** A page offline with one note waiting, and its answers, written at 5,000 by version '1'. */
    function snapshotWithAWaitingNote(storage: Storage) {
      onlineManager.setOnline(false)
      const before = clientWithAnswers()
      before.setMutationDefaults(['library'], { mutationFn: () => Promise.resolve() })
      void before
        .getMutationCache()
        .build(before, { mutationKey: ['library', 'editWatchlistNote'], scope: { id: 'library' } })
        .execute('kept through it all')
        .catch(() => undefined)
      writeKeptAnswers(storage, before, ada, '1', 5_000)
    }

    it('keeps the waiting changes through a new version of the app or a long absence, and drops the answers', async () => {
      for (const [version, now] of [
        ['2', 6_000],
        ['1', 5_001 + keptAnswersLifetimeMs],
      ] as const) {
        const storage = memoryStorage()
        snapshotWithAWaitingNote(storage)
        const kept = readKeptAnswers(storage, version, now)
        expect(kept?.stale).toBe(true)
        expect(kept?.state.queries).toEqual([])
        expect(kept?.state.mutations.map((mutation) => mutation.state.variables)).toEqual(['kept through it all'])

        const sent: string[] = []
        const after = new QueryClient()
        after.setMutationDefaults(['library', 'editWatchlistNote'], {
          mutationFn: (note: string) => Promise.resolve(void sent.push(note)),
        })
        if (kept) restoreKeptAnswers(after, kept)
        onlineManager.setOnline(true)
        await after.resumePausedMutations()
        await expect.poll(() => sent).toEqual(['kept through it all'])
        // The next version writes its own snapshot over it, with the change until it is answered.
        writeKeptAnswers(storage, after, ada, version, now)
        expect(readKeptAnswers(storage, version, now)?.stale).toBeUndefined()
      }
    })

    it('cuts the snapshot down to the waiting changes for a device whose storage is cleared', () => {
      const storage = memoryStorage()
      snapshotWithAWaitingNote(storage)
      const waiting = waitingChangesOnly(storage, '1')
      storage.clear()
      if (waiting) storage.setItem(keptAnswersKey, waiting)
      // Still the same version, but no answers to show and no user to sign in with offline.
      const kept = readKeptAnswers(storage, '1', 6_000)
      expect(kept?.stale).toBe(true)
      expect(kept?.state.queries).toEqual([])
      expect(kept?.state.mutations.map((mutation) => mutation.state.variables)).toEqual(['kept through it all'])

      const nothingWaits = memoryStorage()
      writeKeptAnswers(nothingWaits, clientWithAnswers(), ada, '1', 5_000)
      expect(waitingChangesOnly(nothingWaits, '1')).toBeUndefined()
    })

    it('sends restored changes at once when the app starts online', async () => {
      onlineManager.setOnline(false)
      const storage = memoryStorage()
      const before = pageWithWaitingChanges()
      void before
        .getMutationCache()
        .build(before, { mutationKey: ['library', 'removeWatched'], scope: { id: 'library' } })
        .execute('entry-1')
        .catch(() => undefined)
      writeKeptAnswers(storage, before, ada, '1', 5_000)

      onlineManager.setOnline(true)
      const { sent } = restoredRecording(storage, ['library', 'removeWatched'])
      await expect.poll(() => sent).toEqual(['entry-1'])
    })
  })
})
