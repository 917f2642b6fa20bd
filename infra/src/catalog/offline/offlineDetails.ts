import type { MediaDetails, MediaResult, WatchProvidersByRegion } from '@reelmates/contracts/catalog'
import { offlineId, type OfflineFilm } from './films'
import { knownRegion } from './providerPages'
import type { OfflineShow } from './shows'

const similarCount = 12

/**
 * The details pages of the offline catalog: the fields its data has, and empty or null for the rest
 * (no overview, cast, poster or trailer is invented; the app shows its placeholder image).
 */
export function createOfflineDetails(films: readonly OfflineFilm[], shows: readonly OfflineShow[]) {
  const filmsByPopularity = [...films].sort((a, b) => b.result.popularity - a.result.popularity).map((f) => f.result)

  // People and networks get offline ids too, stable by name, from their own id spaces.
  const idsOf = (kind: string) => {
    const taken = new Set<number>()
    const known = new Map<string, number>()
    return (name: string) => {
      let id = known.get(name)
      if (id === undefined) {
        id = offlineId(`${kind}|${name}`, taken)
        known.set(name, id)
      }
      return id
    }
  }
  const personId = idsOf('person')
  const networkId = idsOf('network')

  function similarFilms(film: OfflineFilm): MediaResult[] {
    const genreIds = new Set(film.result.genre_ids)
    if (genreIds.size === 0) return []
    return filmsByPopularity
      .filter((other) => other.id !== film.result.id && other.genre_ids.some((id) => genreIds.has(id)))
      .slice(0, similarCount)
  }

  /** The series sharing the most genres, newest first among equals (the list is newest first). */
  function similarShows(show: OfflineShow): MediaResult[] {
    const genreIds = new Set(show.result.genre_ids)
    const shared = (other: OfflineShow) => other.result.genre_ids.filter((id) => genreIds.has(id)).length
    return shows
      .filter((other) => other.result.id !== show.result.id && shared(other) > 0)
      .map((other, order) => ({ other, order, shared: shared(other) }))
      .sort((a, b) => b.shared - a.shared || a.order - b.order)
      .slice(0, similarCount)
      .map(({ other }) => other.result)
  }

  function filmDetails(film: OfflineFilm): MediaDetails {
    return {
      ...film.result,
      genres: film.genres,
      status: 'Released',
      runtime: film.runtime,
      credits: {
        cast: [],
        crew: film.directors.map((name) => ({
          id: personId(name),
          name,
          job: 'Director',
          department: 'Directing',
          profile_path: null,
        })),
      },
      videos: [],
      trailer: null,
      watch_providers: {},
      similar: similarFilms(film),
    }
  }

  function showDetails(show: OfflineShow): MediaDetails {
    // An original streams on its own service; the logo is the app's own for the five services.
    const watchProviders: WatchProvidersByRegion = show.provider
      ? {
          [knownRegion]: {
            flatrate: [{ provider_id: show.provider.id, provider_name: show.provider.name, logo_path: null }],
          },
        }
      : {}
    return {
      ...show.result,
      genres: show.genres,
      networks: [{ id: networkId(show.network), name: show.network, logo_path: null }],
      credits: {
        cast: [],
        crew: show.creators.map((name) => ({ id: personId(name), name, job: 'Creator', profile_path: null })),
      },
      videos: [],
      trailer: null,
      watch_providers: watchProviders,
      similar: similarShows(show),
    }
  }

  return { filmDetails, showDetails, filmsByPopularity }
}
