import type { MediaResultList } from '@reelmates/contracts/catalog'
import { isProviderListWorthKeeping, providerDefaults, providerListTtlMs } from './cachePolicy'
import { emptyResultList, type CatalogCallContext } from './catalogCalls'
import { catalogPaths, type ProviderTrendingRequest } from './catalogPaths'

/**
 * What is trending on one streaming service, with the fallback and cache behaviour of spec §4:
 * - the server answers `needsFallback` → ask once more with fallback=true;
 * - a provider page (limit above 5) comes back empty → ask again, bypassing the cache, with fallback;
 * - the request fails → the list this session kept, else the fallback once, else an empty list.
 * It never throws: a provider row that cannot load simply has nothing to show.
 */
export async function fetchProviderTrending(
  request: ProviderTrendingRequest,
  context: CatalogCallContext,
): Promise<MediaResultList> {
  const path = catalogPaths.providerTrending(request)
  const fallbackPath = catalogPaths.providerTrending(request, { fallback: true })
  const kept = context.cache.read<MediaResultList>(path)
  if (kept) return kept

  let list: MediaResultList
  let fallbackFailed = false
  try {
    list = await context.get<MediaResultList>(path)
    if (list.needsFallback) {
      try {
        list = await context.get<MediaResultList>(sameOriginOr(list.fallbackUrl, fallbackPath))
      } catch (error) {
        fallbackFailed = true
        throw error
      }
    }
    if (request.limit > providerDefaults.limit && list.results.length === 0) {
      // A forced refresh: straight to the network (never the session cache), widened by the fallback.
      list = await context.get<MediaResultList>(fallbackPath)
    }
  } catch {
    const stale = context.cache.read<MediaResultList>(path, { allowStale: true })
    if (stale) return stale
    if (fallbackFailed) return emptyResultList()
    try {
      list = await context.get<MediaResultList>(fallbackPath)
    } catch {
      return emptyResultList()
    }
  }

  if (isProviderListWorthKeeping(list.results.length, request.limit)) {
    context.cache.write(path, list, providerListTtlMs(request.limit))
  }
  return list
}

/** The server's `fallbackUrl` is followed only when it is one of our own API paths. */
function sameOriginOr(url: string | undefined, otherwise: string): string {
  return url?.startsWith('/api/tmdb/trending/provider/') ? url : otherwise
}
