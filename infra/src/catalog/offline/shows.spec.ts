import { describe, expect, it } from 'vitest'
import { mediaDetailsSchema, streamingProviders } from '@reelmates/contracts/catalog'
import { loadFilms } from './films'
import { createOfflineCatalog } from './offlineCatalog'
import { loadShows } from './shows'
import { showRows } from './shows.data'

const films = loadFilms()
const shows = loadShows(films.map((film) => film.result.id))
const catalog = createOfflineCatalog()
const showNamed = (name: string) => {
  const show = shows.find((candidate) => candidate.result.name === name)
  if (!show) throw new Error(`${name} is missing`)
  return show
}

describe('the offline TV series', () => {
  it('are listed once each, with a plausible premiere year and at least one genre', () => {
    const keys = showRows.map(([name, year]) => `${name}|${year}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const [name, year, network, genres] of showRows) {
      expect(name, name).toBe(name.trim())
      expect(Number.isInteger(year) && year >= 1945 && year <= 2025, name).toBe(true)
      expect(network, name).toMatch(/\S/)
      expect(genres.length, name).toBeGreaterThan(0)
    }
  })

  it.each(streamingProviders)('include at least 20 originals of $name', ({ id }) => {
    expect(shows.filter((show) => show.provider?.id === id).length).toBeGreaterThanOrEqual(20)
  })

  it('claim a service only for its own originals', () => {
    expect(showNamed('Stranger Things').provider?.name).toBe('Netflix')
    expect(showNamed('The Bear').provider?.name).toBe('Hulu')
    expect(showNamed('The Sopranos').provider?.name).toBe('HBO Max')
    expect(showNamed('Breaking Bad').provider).toBeUndefined()
    expect(showNamed('Friends').provider).toBeUndefined()
  })

  it('have negative, unique ids that no film has, and keep the id a library may have saved', () => {
    const ids = shows.map((show) => show.result.id)
    expect(ids.every((id) => Number.isSafeInteger(id) && id < 0)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    const filmIds = new Set(films.map((film) => film.result.id))
    expect(ids.some((id) => filmIds.has(id))).toBe(false)
    // A change here orphans saved titles: change a series' name or year only to fix a mistake.
    expect(showNamed('Breaking Bad').result.id).toBe(-26789788)
  })

  it('have the premiere year only, read as a year by everything that shows or sorts dates', () => {
    const breakingBad = showNamed('Breaking Bad').result
    expect(breakingBad.first_air_date).toBe('2008')
    // Library lists sort release dates as text: a year sorts with full dates by its year.
    expect(['2009-01-01', '2008', '2007-12-31'].sort()).toEqual(['2007-12-31', '2008', '2009-01-01'])
  })
})

describe('details of an offline series', () => {
  it('give the real fields, the creators, the network and a placeholder image', async () => {
    const details = await catalog.details('tv', showNamed('Breaking Bad').result.id)
    expect(mediaDetailsSchema.parse(details)).toEqual(details)
    expect(details).toMatchObject({
      media_type: 'tv',
      name: 'Breaking Bad',
      first_air_date: '2008',
      overview: '',
      poster_path: null,
      backdrop_path: null,
      vote_count: 0,
      genres: [
        { id: 18, name: 'Drama' },
        { id: 80, name: 'Crime' },
      ],
      networks: [expect.objectContaining({ name: 'AMC', logo_path: null })],
      videos: [],
      trailer: null,
      watch_providers: {},
    })
    expect(details.credits.crew).toEqual([expect.objectContaining({ name: 'Vince Gilligan', job: 'Creator' })])
    expect(details.similar.length).toBeGreaterThan(0)
    expect(details.similar.every((show) => show.media_type === 'tv' && show.id !== details.id)).toBe(true)
  })

  it('say where an original streams: its own service, in the US', async () => {
    const details = await catalog.details('tv', showNamed('Stranger Things').result.id)
    expect(details.watch_providers).toEqual({
      US: { flatrate: [{ provider_id: 8, provider_name: 'Netflix', logo_path: null }] },
    })
  })
})
