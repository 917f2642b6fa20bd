import type { MediaResultList } from '@reelmates/contracts/catalog'
import { trendingListTtlMs } from './cachePolicy'
import { catalogFailureMessages, failWith, type CatalogCallContext } from './catalogCalls'
import { catalogPaths } from './catalogPaths'

export type TrendingListName = 'trendingMovies' | 'trendingTv' | 'upcomingMovies'

/**
 * Trending movies, trending TV and upcoming movies (spec §4, §9): kept for the session for 24 hours,
 * and on a failed request the last list this session saw is shown rather than an error.
 */
export async function fetchTrendingList(name: TrendingListName, context: CatalogCallContext): Promise<MediaResultList> {
  const path = catalogPaths[name]
  const kept = context.cache.read<MediaResultList>(path)
  if (kept) return kept
  try {
    const list = await context.get<MediaResultList>(path)
    // An empty list (e.g. the offline catalog has no TV) is not worth keeping: ask again next time.
    if (list.results.length > 0) context.cache.write(path, list, trendingListTtlMs)
    return list
  } catch (error) {
    const stale = context.cache.read<MediaResultList>(path, { allowStale: true })
    if (stale) return stale
    return failWith(catalogFailureMessages[name], error)
  }
}
