import {
  defaultRegion,
  providerListMaxLimit,
  type GenresResponse,
  type MediaResultList,
  type MediaType,
} from '@reelmates/contracts/catalog'
import type { CatalogCallContext } from './catalogCalls'
import { catalogPaths } from './catalogPaths'

/** The genres that a service's titles have, for films and for series. */
export type GenresWithTitles = Record<MediaType, number[]>

/** A genre chip: its name, and whether only its films or only its series carry it. */
export interface GenreChoice {
  id: number
  name: string
  only?: 'films' | 'series'
}

/**
 * The genres of the most popular titles a service has in a region, read from its list as asked (not
 * the fallback, which widens it with titles that are not the service's). Where the region has none,
 * the default region's, as the list itself then shows those (spec §4).
 */
export async function fetchGenresWithTitles(
  request: { providerId: number; region: string },
  context: CatalogCallContext,
): Promise<GenresWithTitles> {
  const titlesIn = (region: string) =>
    context.get<MediaResultList>(
      catalogPaths.providerTrending({ providerId: request.providerId, limit: providerListMaxLimit, region }),
    )
  let list = await titlesIn(request.region)
  if (list.results.length === 0 && request.region !== defaultRegion) list = await titlesIn(defaultRegion)
  const genresOf = (mediaType: MediaType) => [
    ...new Set(list.results.filter((title) => title.media_type === mediaType).flatMap((title) => title.genre_ids)),
  ]
  return { movie: genresOf('movie'), tv: genresOf('tv') }
}

/**
 * The chips a provider page offers: only genres some of its titles have. TMDB names film and TV
 * genres apart ("Action" for films, "Action & Adventure" for series; "War" and "War & Politics"), and
 * a chip selects by its id, so a film genre finds only films. Where the page holds both, a genre only
 * one kind has says which ("Action films", "War & Politics series"); one both share (Drama) does not.
 */
export function genreChoices(withTitles: GenresWithTitles, genres: GenresResponse): GenreChoice[] {
  const onFilms = new Set(withTitles.movie)
  const onSeries = new Set(withTitles.tv)
  const both = onFilms.size > 0 && onSeries.size > 0
  const choices = new Map<number, GenreChoice>()
  for (const genre of genres.movie) {
    if (!onFilms.has(genre.id)) continue
    choices.set(genre.id, { ...genre, ...(both && !onSeries.has(genre.id) ? { only: 'films' as const } : {}) })
  }
  for (const genre of genres.tv) {
    if (!onSeries.has(genre.id) || choices.has(genre.id)) continue
    choices.set(genre.id, { ...genre, ...(both && !onFilms.has(genre.id) ? { only: 'series' as const } : {}) })
  }
  return [...choices.values()].sort((a, b) => a.name.localeCompare(b.name))
}
