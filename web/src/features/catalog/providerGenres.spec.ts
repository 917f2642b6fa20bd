import type { GenresResponse, MediaResult } from '@reelmates/contracts/catalog'
import { describe, expect, it } from 'vitest'
import { fetchGenresWithTitles, genreChoices } from './providerGenres'
import { listOf, movie, scriptedCatalog } from './testing'

/** TMDB's genres where films and series differ, and two they share. */
const genres: GenresResponse = {
  movie: [
    { id: 28, name: 'Action' },
    { id: 10752, name: 'War' },
    { id: 18, name: 'Drama' },
    { id: 35, name: 'Comedy' },
    { id: 27, name: 'Horror' },
  ],
  tv: [
    { id: 10759, name: 'Action & Adventure' },
    { id: 10768, name: 'War & Politics' },
    { id: 18, name: 'Drama' },
    { id: 35, name: 'Comedy' },
    { id: 10762, name: 'Kids' },
  ],
}

const film = (id: number, genreIds: number[]): MediaResult => ({ ...movie(id), genre_ids: genreIds })
const series = (id: number, genreIds: number[]): MediaResult => ({
  ...movie(id),
  media_type: 'tv',
  title: undefined,
  name: `Series ${id}`,
  genre_ids: genreIds,
})
const names = (choices: { name: string; only?: string }[]) =>
  choices.map((choice) => (choice.only ? `${choice.name} (${choice.only})` : choice.name))

describe('the genre chips of a provider page', () => {
  it('offer only genres its titles have, saying which a film or a series genre is', () => {
    const withTitles = { movie: [28, 18], tv: [10759, 18, 10768] }
    expect(names(genreChoices(withTitles, genres))).toEqual([
      'Action (films)',
      'Action & Adventure (series)',
      'Drama',
      'War & Politics (series)',
    ])
  })

  it('say a shared genre is only films when no series has it', () => {
    expect(names(genreChoices({ movie: [35], tv: [10759] }, genres))).toEqual([
      'Action & Adventure (series)',
      'Comedy (films)',
    ])
  })

  it('need not say so when the page holds only series', () => {
    expect(names(genreChoices({ movie: [], tv: [10759, 18] }, genres))).toEqual(['Action & Adventure', 'Drama'])
  })

  it('offer none while no title is known', () => {
    expect(genreChoices({ movie: [], tv: [] }, genres)).toEqual([])
  })
})

describe('the genres a service has titles in', () => {
  const inGb = '/api/tmdb/trending/provider/8?limit=100&region=GB'
  const inUs = '/api/tmdb/trending/provider/8?limit=100&region=US'

  it('come from its list as asked, never the fallback that widens it', async () => {
    const api = scriptedCatalog({
      [inGb]: {
        ...listOf(0, { needsFallback: true, fallbackUrl: `${inGb}&fallback=true` }),
        results: [film(1, [28, 18]), series(2, [10759]), film(3, [28])],
      },
    })
    expect(await fetchGenresWithTitles({ providerId: 8, region: 'GB' }, api.context)).toEqual({
      movie: [28, 18],
      tv: [10759],
    })
    expect(api.requests).toEqual([inGb])
  })

  it("are the default region's where the region has no title, as the list then shows those", async () => {
    const api = scriptedCatalog({ [inGb]: listOf(0), [inUs]: { ...listOf(0), results: [series(2, [10762])] } })
    expect(await fetchGenresWithTitles({ providerId: 8, region: 'GB' }, api.context)).toEqual({
      movie: [],
      tv: [10762],
    })
    expect(api.requests).toEqual([inGb, inUs])
  })
})
