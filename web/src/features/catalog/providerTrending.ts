import type { MediaResultList } from '@reelmates/contracts/catalog'
import { isProviderListWorthKeeping, providerDefaults, providerListTtlMs } from './cachePolicy'
import { catalogFailureMessages, emptyResultList, type CatalogCallContext } from './catalogCalls'
import { catalogPaths, type ProviderTrendingRequest } from './catalogPaths'

/**
 * What is trending on one streaming service, with the fallback and cache behaviour of spec §4:
 * - the server answers `needsFallback` → ask once more with fallback=true;
 * - a provider page (limit above 5) comes back empty → ask again, bypassing the cache, with fallback;
 * - the request fails → the list this session kept, else the fallback once, else an empty list.
 * It never throws: a provider row that cannot load simply has nothing to show (the spec's failure
 * message goes to the console).
 */
export async function fetchProviderTrending(
  request: ProviderTrendingRequest,
  context: CatalogCallContext,
): Promise<MediaResultList> {
  const path = catalogPaths.providerTrending(request)
  const fallbackPath = catalogPaths.providerTrending(request, { fallback: true })
  const kept = context.cache.read<MediaResultList>(path)
  if (kept) return kept

  const keptEvenIfOld = () => context.cache.read<MediaResultList>(path, { allowStale: true })

  let list: MediaResultList
  try {
    list = await context.get<MediaResultList>(path)
  } catch {
    const stale = keptEvenIfOld()
    if (stale) return stale
    try {
      list = await context.get<MediaResultList>(fallbackPath)
    } catch (error) {
      return nothingFor(error)
    }
    return keep(list)
  }

  try {
    if (list.needsFallback) list = await context.get<MediaResultList>(sameOriginOr(list.fallbackUrl, fallbackPath))
    if (request.limit > providerDefaults.limit && list.results.length === 0) {
      // A forced refresh: straight to the network (never the session cache), widened by the fallback.
      list = await context.get<MediaResultList>(fallbackPath)
    }
  } catch (error) {
    // The fallback itself failed: it is not tried a second time.
    return keptEvenIfOld() ?? nothingFor(error)
  }
  return keep(list)

  function nothingFor(error: unknown): MediaResultList {
    console.warn(catalogFailureMessages.trendingForProvider(request.providerId), error)
    return emptyResultList()
  }

  function keep(answer: MediaResultList): MediaResultList {
    if (isProviderListWorthKeeping(answer.results.length, request.limit)) {
      context.cache.write(path, answer, providerListTtlMs(request.limit))
    }
    return answer
  }
}
/** The server's `fallbackUrl` is followed only when it is one of our own API paths. */
function sameOriginOr(url: string | undefined, otherwise: string): string {
  return url?.startsWith('/api/tmdb/trending/provider/') ? url : otherwise
}
