import { z } from 'zod'
import { providerIds } from '@reelmates/contracts/catalog'
import { mediaType } from '@reelmates/contracts/media'
import { watchedSort } from '@reelmates/contracts/watched'
import { watchlistSort } from '@reelmates/contracts/watchlist'
import type { WatchedFilters } from './libraryCalls'
import type { WatchlistArrangement } from './watchlistArrangement'

/**
 * The /watchlist and /watched search params: how the list is shown lives in the URL, so it
 * survives a reload and can be shared. A bad value falls back to the default instead of failing.
 */
const view = z.enum(['grid', 'list']).catch('grid')
const direction = z.enum(['asc', 'desc']).optional().catch(undefined)

export const watchlistSearch = z.object({
  view,
  sort: watchlistSort.catch('order'),
  dir: direction,
  type: mediaType.optional().catch(undefined),
  /** Lowest catalog rating, 1–9. */
  minRating: z.coerce.number().int().min(1).max(9).optional().catch(undefined),
  /** One of the streaming services, by TMDB provider id. */
  provider: z.coerce
    .number()
    .refine((id) => (providerIds as readonly number[]).includes(id))
    .optional()
    .catch(undefined),
})
export type WatchlistSearch = z.infer<typeof watchlistSearch>

export const watchedSearch = z.object({
  view: z.enum(['grid', 'list']).catch('list'),
  sort: watchedSort.catch('watchedAt'),
  dir: direction,
  type: mediaType.optional().catch(undefined),
  /** Lowest own rating, 1–10 (half stars). */
  minRating: z.coerce.number().int().min(1).max(10).optional().catch(undefined),
  /** Only the watches not rated yet. */
  unrated: z.literal(true).optional().catch(undefined),
  // A name of digits is written to the address as typed and read back as a number (lib/addressSearch.ts).
  service: z
    .union([z.string(), z.number().transform(String)])
    .pipe(z.string().max(100))
    .optional()
    .catch(undefined),
})
export type WatchedSearch = z.infer<typeof watchedSearch>

/** Newest, best and latest first; names and my order from the top. */
export const defaultDirection = (sort: string): 'asc' | 'desc' =>
  sort === 'order' || sort === 'title' ? 'asc' : 'desc'

export const watchlistArrangementOf = (search: WatchlistSearch): WatchlistArrangement => ({
  sort: search.sort,
  direction: search.dir ?? defaultDirection(search.sort),
  ...(search.type ? { mediaType: search.type } : {}),
  ...(search.minRating ? { minRating: search.minRating } : {}),
  ...(search.provider ? { provider: search.provider } : {}),
})

export const watchedFiltersOf = (search: WatchedSearch): WatchedFilters => ({
  sort: search.sort,
  direction: search.dir ?? defaultDirection(search.sort),
  ...(search.type ? { mediaType: search.type } : {}),
  ...(search.unrated ? { unrated: true } : search.minRating ? { minRating: search.minRating } : {}),
  ...(search.service ? { streamingService: search.service } : {}),
})

/** Choosing another sort starts from that sort's natural direction. */
export const withSort = <S extends { sort: string; dir?: 'asc' | 'desc' | undefined }>(
  search: S,
  sort: S['sort'],
): S => ({
  ...search,
  sort,
  dir: undefined,
})
