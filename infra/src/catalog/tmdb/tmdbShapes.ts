import {
  pickTrailer,
  type Credits,
  type MediaDetails,
  type MediaResult,
  type MediaType,
  type Video,
  type WatchProvidersByRegion,
} from '@reelmates/contracts/catalog'

/**
 * The parts of TMDB v3's JSON that Reelmates reads, as its API reference documents them, and the
 * mapping to our contract. Anything TMDB may omit is optional here and given a neutral value.
 */
export interface TmdbListItem {
  id: number
  media_type?: string
  title?: string
  name?: string
  original_title?: string
  original_name?: string
  overview?: string
  poster_path?: string | null
  backdrop_path?: string | null
  release_date?: string
  first_air_date?: string
  vote_average?: number
  vote_count?: number
  popularity?: number
  genre_ids?: number[]
  original_language?: string
}

export interface TmdbPage {
  page: number
  results: TmdbListItem[]
  total_pages: number
  total_results: number
}

export interface TmdbGenreList {
  genres: { id: number; name: string }[]
}

interface TmdbVideo {
  key: string
  name: string
  site: string
  type: string
  official?: boolean
  published_at?: string
}

interface TmdbPerson {
  id: number
  name: string
  character?: string
  job?: string
  department?: string
  profile_path?: string | null
  order?: number
}

export interface TmdbDetails extends TmdbListItem {
  genres?: { id: number; name: string }[]
  tagline?: string
  status?: string
  runtime?: number | null
  number_of_seasons?: number
  number_of_episodes?: number
  episode_run_time?: number[]
  last_air_date?: string | null
  networks?: { id: number; name: string; logo_path?: string | null }[]
  credits?: { cast?: TmdbPerson[]; crew?: TmdbPerson[] }
  videos?: { results?: TmdbVideo[] }
  'watch/providers'?: { results?: WatchProvidersByRegion }
  similar?: TmdbPage
}

/** `media_type` is absent on single-type lists (upcoming, discover); person results are not titles. */
export function toMediaResult(item: TmdbListItem, listType?: MediaType): MediaResult | null {
  const mediaType = item.media_type ?? listType
  if (mediaType !== 'movie' && mediaType !== 'tv') return null
  return {
    id: item.id,
    media_type: mediaType,
    ...(item.title !== undefined ? { title: item.title } : {}),
    ...(item.name !== undefined ? { name: item.name } : {}),
    ...(item.original_title !== undefined ? { original_title: item.original_title } : {}),
    ...(item.original_name !== undefined ? { original_name: item.original_name } : {}),
    overview: item.overview ?? '',
    poster_path: item.poster_path ?? null,
    backdrop_path: item.backdrop_path ?? null,
    ...(item.release_date !== undefined ? { release_date: item.release_date } : {}),
    ...(item.first_air_date !== undefined ? { first_air_date: item.first_air_date } : {}),
    vote_average: item.vote_average ?? 0,
    vote_count: item.vote_count ?? 0,
    popularity: item.popularity ?? 0,
    genre_ids: item.genre_ids ?? [],
    ...(item.original_language !== undefined ? { original_language: item.original_language } : {}),
  }
}

export function toMediaResults(items: readonly TmdbListItem[], listType?: MediaType): MediaResult[] {
  return items.map((item) => toMediaResult(item, listType)).filter((result): result is MediaResult => result !== null)
}

function toVideo(video: TmdbVideo): Video {
  return {
    key: video.key,
    name: video.name,
    type: video.type,
    site: video.site,
    official: video.official ?? false,
    ...(video.published_at ? { published_at: video.published_at } : {}),
  }
}

const castShown = 20
const crewJobsShown = new Set([
  'Director',
  'Screenplay',
  'Writer',
  'Novel',
  'Creator',
  'Producer',
  'Original Music Composer',
  'Director of Photography',
])

function toCredits(credits: TmdbDetails['credits']): Credits {
  return {
    cast: (credits?.cast ?? []).slice(0, castShown).map((person) => ({
      id: person.id,
      name: person.name,
      ...(person.character !== undefined ? { character: person.character } : {}),
      profile_path: person.profile_path ?? null,
      ...(person.order !== undefined ? { order: person.order } : {}),
    })),
    crew: (credits?.crew ?? [])
      .filter((person) => person.job !== undefined && crewJobsShown.has(person.job))
      .map((person) => ({
        id: person.id,
        name: person.name,
        job: person.job ?? '',
        ...(person.department !== undefined ? { department: person.department } : {}),
        profile_path: person.profile_path ?? null,
      })),
  }
}

export function toMediaDetails(details: TmdbDetails, mediaType: MediaType): MediaDetails {
  const result = toMediaResult({ ...details, media_type: mediaType })
  if (!result) throw new Error(`unexpected media type ${mediaType}`)
  const videos = (details.videos?.results ?? []).map(toVideo)
  return {
    ...result,
    genre_ids: result.genre_ids.length > 0 ? result.genre_ids : (details.genres ?? []).map((genre) => genre.id),
    genres: details.genres ?? [],
    ...(details.tagline ? { tagline: details.tagline } : {}),
    ...(details.status ? { status: details.status } : {}),
    ...(mediaType === 'movie' ? { runtime: details.runtime ?? null } : {}),
    ...(details.number_of_seasons !== undefined ? { number_of_seasons: details.number_of_seasons } : {}),
    ...(details.number_of_episodes !== undefined ? { number_of_episodes: details.number_of_episodes } : {}),
    ...(details.episode_run_time !== undefined ? { episode_run_time: details.episode_run_time } : {}),
    ...(details.last_air_date !== undefined ? { last_air_date: details.last_air_date } : {}),
    ...(details.networks !== undefined
      ? {
          networks: details.networks.map((network) => ({
            id: network.id,
            name: network.name,
            logo_path: network.logo_path ?? null,
          })),
        }
      : {}),
    credits: toCredits(details.credits),
    videos,
    trailer: pickTrailer(videos),
    watch_providers: details['watch/providers']?.results ?? {},
    similar: toMediaResults(details.similar?.results ?? [], mediaType),
  }
}
