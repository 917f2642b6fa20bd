import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import {
  keptAnswersKey,
  keptAnswersLifetimeMs,
  readKeptAnswers,
  restoreKeptAnswers,
  writeKeptAnswers,
} from './keptAnswers'

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

function clientWithAnswers(): QueryClient {
  const client = new QueryClient()
  client.setQueryData(['library', 'watchlist'], [{ tmdbId: 1 }], { updatedAt: 1_000 })
  client.setQueryData(['/api/tmdb/movie/1'], { id: 1 }, { updatedAt: 2_000 })
  client.setQueryData(['/api/user'], ada)
  client.setQueryData(['/api/tmdb/autocomplete', 'godf'], { results: [] })
  client.setQueryData(['/api/admin/users'], [])
  return client
}

describe('the answers kept for offline use', () => {
  it('keeps the user’s lists and pages with their age, not the user, searches or admin screens', () => {
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

  it('drops a snapshot of another app version or older than its lifetime', () => {
    const storage = memoryStorage()
    writeKeptAnswers(storage, clientWithAnswers(), ada, '1', 5_000)
    expect(readKeptAnswers(storage, '2', 6_000)).toBeUndefined()
    expect(storage.getItem(keptAnswersKey)).toBeNull()

    writeKeptAnswers(storage, clientWithAnswers(), ada, '1', 5_000)
    expect(readKeptAnswers(storage, '1', 5_001 + keptAnswersLifetimeMs)).toBeUndefined()
  })
})
