import type {
  AutocompleteResponse,
  MediaDetails,
  MediaResult,
  MediaResultList,
  MediaType,
} from '@reelmates/contracts/catalog'
import { catalogFailureMessages, failWith, isAutocompleteQuery, type CatalogCallContext } from './catalogCalls'
import { catalogPaths } from './catalogPaths'

/**
 * Suggestions while typing. Under 2 characters there are none and no call is made (spec §5); a failed
 * call shows no suggestions rather than an error (spec §8: "caught, returns empty results").
 */
export async function fetchSuggestions(
  query: string,
  context: Pick<CatalogCallContext, 'get'>,
): Promise<MediaResult[]> {
  if (!isAutocompleteQuery(query)) return []
  try {
    return (await context.get<AutocompleteResponse>(catalogPaths.autocomplete(query.trim()))).results
  } catch (error) {
    console.warn(catalogFailureMessages.autocomplete, error)
    return []
  }
}

export async function fetchSearchResults(
  query: string,
  page: number,
  context: Pick<CatalogCallContext, 'get'>,
): Promise<MediaResultList> {
  try {
    return await context.get<MediaResultList>(catalogPaths.search(query.trim(), page))
  } catch (error) {
    return failWith(catalogFailureMessages.search, error)
  }
}

/** A title's details; the request client's error (with its 404 status) reaches the page as it is. */
export function fetchMediaDetails(
  mediaType: MediaType,
  id: number,
  context: Pick<CatalogCallContext, 'get'>,
): Promise<MediaDetails> {
  return context.get<MediaDetails>(catalogPaths.details(mediaType, id))
}
