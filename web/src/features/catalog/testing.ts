import type { MediaResult, MediaResultList } from '@reelmates/contracts/catalog'
import type { CatalogCallContext } from './catalogCalls'
import { createSessionCache } from './sessionCache'

/** A movie result as the catalog API returns it. */
export function movie(id: number, title = `Film ${id}`): MediaResult {
  return {
    id,
    media_type: 'movie',
    title,
    overview: '',
    poster_path: null,
    backdrop_path: null,
    release_date: '2024-05-01',
    vote_average: 7,
    vote_count: 100,
    popularity: 10,
    genre_ids: [],
  }
}

export function listOf(count: number, extra: Partial<MediaResultList> = {}): MediaResultList {
  const results = Array.from({ length: count }, (_, index) => movie(index + 1))
  return { results, page: 1, total_results: count, total_pages: count > 0 ? 1 : 0, ...extra }
}

type Answer = MediaResultList | Error

/**
 * A stand-in for the catalog API: each path answers its scripted replies in turn (the last one
 * repeats) and every request is recorded, so specs can say which calls were made.
 */
export function scriptedCatalog(script: Record<string, Answer | Answer[]>) {
  let now = Date.parse('2026-11-22T12:00:00Z')
  const requests: string[] = []
  const served = new Map<string, number>()
  const storage = new Map<string, string>()
  const context: CatalogCallContext = {
    get: <T>(path: string) => {
      requests.push(path)
      const answers = script[path]
      if (answers === undefined) return Promise.reject(new Error(`No route for ${path}`))
      const list = Array.isArray(answers) ? answers : [answers]
      const turn = served.get(path) ?? 0
      served.set(path, turn + 1)
      const answer = list[Math.min(turn, list.length - 1)]
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T)
    },
    cache: createSessionCache(
      {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => storage.set(key, value),
        removeItem: (key) => storage.delete(key),
        key: (index) => [...storage.keys()][index] ?? null,
        get length() {
          return storage.size
        },
      },
      () => now,
    ),
  }
  return {
    context,
    requests,
    /** Answer differently from now on (e.g. the server goes down). */
    rescript(path: string, answers: Answer | Answer[]) {
      script[path] = answers
      served.delete(path)
    },
    advanceHours(hours: number) {
      now += hours * 60 * 60 * 1000
    },
  }
}
