import { favouriteGenresMax, type FavouriteGenre } from '@reelmates/contracts/profiles'
import type { GenreCount } from '@reelmates/projections/friends/publicQueries'
import { CatalogUnavailable, type Catalog } from '@reelmates/infra/catalog/port'

/**
 * Names the most watched genres from the catalog's genre list (movie and TV ids share one namespace
 * in TMDB). A profile must not fail because the catalog is unreachable: its genres are then left out.
 */
export async function favouriteGenres(
  catalog: Catalog,
  counts: readonly GenreCount[],
  max: number = favouriteGenresMax,
): Promise<FavouriteGenre[]> {
  if (counts.length === 0) return []
  let names: Map<number, string>
  try {
    const { movie, tv } = await catalog.genres()
    names = new Map([...tv, ...movie].map((genre) => [genre.id, genre.name]))
  } catch (error) {
    if (error instanceof CatalogUnavailable) return []
    throw error
  }
  const named: FavouriteGenre[] = []
  for (const { id, watches } of counts) {
    const name = names.get(id)
    if (name !== undefined) named.push({ id, name, watches })
    if (named.length === max) break
  }
  return named
}
