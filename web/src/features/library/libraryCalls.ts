import type { MediaRef, MediaType } from '@reelmates/contracts/media'
import type { WatchedItem, WatchedTitle } from '@reelmates/contracts/watched'
import type { WatchlistItem, WatchlistPlace } from '@reelmates/contracts/watchlist'
import type { TitleStatus, WatchedFields } from './libraryChanges'

/** What the library calls need from the app's one request client. */
export interface LibraryRequests {
  get<T>(path: string): Promise<T>
  send<T>(
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    options?: { idempotencyKey?: string },
  ): Promise<T>
}

/** Every change answers with the event log position it produced (read-your-writes). */
export interface ChangeAnswer {
  position?: string
}

export interface Page<T> {
  items: T[]
  page: number
  pageSize: number
  total: number
}

export type WatchedSort = 'watchedAt' | 'title' | 'releaseDate' | 'rating'
export interface WatchedFilters {
  sort: WatchedSort
  direction: 'asc' | 'desc'
  mediaType?: MediaType | undefined
  minRating?: number | undefined
  unrated?: boolean | undefined
  streamingService?: string | undefined
}

export interface MarkWatched extends MediaRef, Partial<WatchedFields> {
  removeFromWatchlist: boolean
}

const watchlistPageSize = 500
export const watchedPageSize = 60

const titlePath = (ref: MediaRef) => `/api/watchlist/${ref.mediaType}/${ref.tmdbId}`

function query(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(name, String(value))
  return search.toString()
}

/** The whole watchlist in the user's order, page after page (the server pages at most 500). */
export async function fetchWatchlist(client: LibraryRequests): Promise<WatchlistItem[]> {
  const items: WatchlistItem[] = []
  for (let page = 1; ; page++) {
    const answer = await client.get<Page<WatchlistItem>>(
      `/api/watchlist?${query({ page, pageSize: watchlistPageSize, sort: 'order' })}`,
    )
    items.push(...answer.items)
    if (answer.items.length === 0 || items.length >= answer.total) return items
  }
}

export function fetchWatchedPage(
  client: LibraryRequests,
  filters: WatchedFilters,
  page: number,
): Promise<Page<WatchedItem>> {
  return client.get(`/api/watched?${query({ page, pageSize: watchedPageSize, ...filters })}`)
}

export function fetchTitleStatus(client: LibraryRequests, ref: MediaRef): Promise<TitleStatus> {
  return client.get(`/api/library/status/${ref.mediaType}/${ref.tmdbId}`)
}

/** Every title I watched, once each, with my latest rating: one call for all the cards on a screen. */
export async function fetchWatchedTitles(client: LibraryRequests): Promise<WatchedTitle[]> {
  const answer = await client.get<{ items: WatchedTitle[] }>('/api/library/watched-titles')
  return answer.items
}

export const libraryCalls = {
  addToWatchlist: (client: LibraryRequests, ref: MediaRef, note?: string) =>
    client.send<ChangeAnswer>('POST', '/api/watchlist', {
      tmdbId: ref.tmdbId,
      mediaType: ref.mediaType,
      ...(note ? { note } : {}),
    }),
  removeFromWatchlist: (client: LibraryRequests, ref: MediaRef) => client.send<ChangeAnswer>('DELETE', titlePath(ref)),
  /** The undo of a removal: the server puts the title back as it was (date added, note, recommendation). */
  putBackOnWatchlist: (client: LibraryRequests, ref: MediaRef) =>
    client.send<ChangeAnswer>('POST', `${titlePath(ref)}/restore`),
  /** By the neighbour the screen showed (`after`/`before`), or by a place number. */
  moveOnWatchlist: (client: LibraryRequests, ref: MediaRef, where: WatchlistPlace | { toIndex: number }) =>
    client.send<ChangeAnswer>('POST', `${titlePath(ref)}/move`, where),
  editWatchlistNote: (client: LibraryRequests, ref: MediaRef, note: string | null, previousNote?: string | null) =>
    client.send<ChangeAnswer>('PATCH', titlePath(ref), {
      note,
      ...(previousNote === undefined ? {} : { previousNote }),
    }),
  markWatched: (client: LibraryRequests, mark: MarkWatched) =>
    client.send<ChangeAnswer & { entryId: string }>('POST', '/api/watched', mark),
  editWatched: (
    client: LibraryRequests,
    entryId: string,
    changes: Partial<WatchedFields>,
    previousReview?: string | null,
  ) =>
    client.send<ChangeAnswer>('PATCH', `/api/watched/${entryId}`, {
      ...changes,
      ...(previousReview === undefined ? {} : { previousReview }),
    }),
  /** The undo of a removal: the server puts the entry back as it was. */
  putBackWatched: (client: LibraryRequests, entryId: string) =>
    client.send<ChangeAnswer>('POST', `/api/watched/${entryId}/restore`),
  removeWatched: (client: LibraryRequests, entryId: string) =>
    client.send<ChangeAnswer>('DELETE', `/api/watched/${entryId}`),
}

/** Where the export buttons point: the browser downloads the file itself (cookies go along). */
export const exportUrl = (list: 'watchlist' | 'watched', format: 'csv' | 'json') =>
  `/api/${list}/export?format=${format}`
