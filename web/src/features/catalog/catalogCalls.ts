import { searchQueryMaxLength, type MediaResult, type MediaResultList } from '@reelmates/contracts/catalog'
import type { SessionCache } from './sessionCache'

/** What the catalog calls need from the app: the request client's GET and the session cache. */
export interface CatalogCallContext {
  get: <T>(path: string) => Promise<T>
  cache: SessionCache
}

/** The thrown messages of spec §8 for metadata calls. */
export const catalogFailureMessages = {
  autocomplete: 'Failed to get autocomplete suggestions',
  search: 'Failed to search media',
  trendingMovies: 'Failed to get trending movies',
  trendingTv: 'Failed to get trending TV shows',
  upcomingMovies: 'Failed to get upcoming movies',
  genres: 'Failed to get genres',
  trendingForProvider: (providerId: number) => `Failed to get trending for provider ${providerId}`,
} as const

export function emptyResultList(): MediaResultList {
  return { results: [], page: 1, total_results: 0, total_pages: 0 }
}

/** Spec §5: a query shorter than 2 characters has no suggestions and makes no call. */
export const autocompleteMinimumLength = 2

export function isAutocompleteQuery(query: string): boolean {
  const length = query.trim().length
  return length >= autocompleteMinimumLength && length <= searchQueryMaxLength
}

/** Rethrows with the spec's message, keeping the request client's error (status, data) as the cause. */
export function failWith(message: string, cause: unknown): never {
  throw new Error(message, { cause })
}

/** A title's display name: movies have `title`, shows `name`. */
export function titleOf(media: Pick<MediaResult, 'title' | 'name'>): string {
  return media.title ?? media.name ?? 'Untitled'
}

/** The year a title came out or first aired, if known. */
export function yearOf(media: Pick<MediaResult, 'release_date' | 'first_air_date'>): string | undefined {
  const date = media.release_date ?? media.first_air_date
  return date && /^\d{4}/.test(date) ? date.slice(0, 4) : undefined
}
