import { describe, expect, it } from 'vitest'
import { mediaDetailsSchema, mediaResultListSchema } from '@reelmates/contracts/catalog'
import { TitleNotFound } from '../port'
import { filmFromRow, loadFilms, releaseDateOf, repairText, type VegaFilm } from './films'
import { createOfflineCatalog, offlineNotices } from './offlineCatalog'

const catalog = createOfflineCatalog({ now: () => new Date('2026-11-22T00:00:00Z') })
const titleOf = (result: { title?: string; name?: string } | undefined) => result?.title ?? result?.name

describe('the offline catalog', () => {
  it('finds The Godfather first for "godfather"', async () => {
    const results = await catalog.autocomplete('godfather')
    expect(titleOf(results[0])).toBe('The Godfather')
    expect(results.map(titleOf)).toEqual(expect.arrayContaining(['The Godfather: Part II', 'The Godfather: Part III']))
  })

  it('finds a title from a prefix, from a word with one typo, and without its accents', async () => {
    expect((await catalog.autocomplete('godf')).map(titleOf)).toContain('The Godfather')
    expect(titleOf((await catalog.autocomplete('godfathr'))[0])).toBe('The Godfather')
    expect(titleOf((await catalog.autocomplete('gidfather'))[0])).toBe('The Godfather')
    expect((await catalog.autocomplete('amelie')).map(titleOf)).toContain("Le Fabuleux destin d'Amélie Poulain")
  })

  it('suggests nothing for a query under 2 characters', async () => {
    expect(await catalog.autocomplete('g')).toEqual([])
    expect(await catalog.autocomplete(' ')).toEqual([])
  })

  it('pages search results 20 at a time', async () => {
    const first = await catalog.search('the', 1)
    const second = await catalog.search('the', 2)
    expect(first.results).toHaveLength(20)
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 20))
    expect(second.page).toBe(2)
    expect(second.results[0]?.id).not.toBe(first.results[0]?.id)
    expect(mediaResultListSchema.parse(first)).toEqual(first)
  })

  it('lists trending movies, best-known first, and says what the list stands for', async () => {
    const trending = await catalog.trendingMovies()
    expect(trending.results.length).toBeGreaterThan(0)
    const popularity = trending.results.map((film) => film.popularity)
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a))
    expect(trending.notice).toBe(offlineNotices.trending)
  })

  it('lists trending TV: real series, newest premiere first, saying it is not what is trending today', async () => {
    const trending = await catalog.trendingTv()
    expect(trending.results).toHaveLength(20)
    expect(trending.results.every((show) => show.media_type === 'tv' && show.name)).toBe(true)
    const years = trending.results.map((show) => show.first_air_date ?? '')
    expect(years).toEqual([...years].sort((a, b) => b.localeCompare(a)))
    expect(trending.notice).toBe(offlineNotices.tv)
    expect(mediaResultListSchema.parse(trending)).toEqual(trending)
  })

  it('has no upcoming films, and says why rather than inventing them', async () => {
    expect(await catalog.upcomingMovies()).toMatchObject({ results: [], notice: offlineNotices.upcoming })
  })

  it('lists the genres its films and its series have, with TMDB genre ids', async () => {
    const genres = await catalog.genres()
    expect(genres.movie).toEqual(
      expect.arrayContaining([
        { id: 18, name: 'Drama' },
        { id: 35, name: 'Comedy' },
      ]),
    )
    expect(genres.tv).toEqual(
      expect.arrayContaining([
        { id: 18, name: 'Drama' },
        { id: 10759, name: 'Action & Adventure' },
        { id: 10765, name: 'Sci-Fi & Fantasy' },
      ]),
    )
    expect(genres.tv.some((genre) => genre.id === 878)).toBe(false)
  })

  it('finds series by name, and still The Godfather first for "godfather"', async () => {
    expect(await catalog.autocomplete('breaking bad')).toEqual([
      expect.objectContaining({ name: 'Breaking Bad', media_type: 'tv', first_air_date: '2008' }),
    ])
    expect((await catalog.autocomplete('stranger things'))[0]).toMatchObject({
      name: 'Stranger Things',
      media_type: 'tv',
    })
    expect((await catalog.search('sopranos', 1)).results[0]).toMatchObject({ name: 'The Sopranos' })
    expect(titleOf((await catalog.autocomplete('godfather'))[0])).toBe('The Godfather')
  })

  it('forgives two swapped letters, and a query no title has every word of', async () => {
    expect(titleOf((await catalog.autocomplete('jwas'))[0])).toBe('Jaws')
    expect(titleOf((await catalog.search('lrd of the rings', 1)).results[0])).toMatch(/^The Lord of the Rings/)
  })

  it('gives details with the real fields of the data set and no poster', async () => {
    const [godfather] = await catalog.autocomplete('the godfather')
    if (!godfather) throw new Error('The Godfather is missing')
    const details = await catalog.details('movie', godfather.id)
    expect(mediaDetailsSchema.parse(details)).toEqual(details)
    expect(details).toMatchObject({
      title: 'The Godfather',
      release_date: '1972-03-15',
      vote_average: 9.2,
      poster_path: null,
      backdrop_path: null,
      videos: [],
      trailer: null,
      watch_providers: {},
    })
    expect(details.credits.crew).toEqual([expect.objectContaining({ name: 'Francis Ford Coppola', job: 'Director' })])
  })

  it('credits directors by the names they go by now, every one of them', async () => {
    const [matrix] = await catalog.autocomplete('the matrix')
    if (!matrix) throw new Error('The Matrix is missing')
    const details = await catalog.details('movie', matrix.id)
    expect(details.credits.crew.map((person) => person.name)).toEqual(['Lana Wachowski', 'Lilly Wachowski'])
    expect(new Set(details.credits.crew.map((person) => person.id)).size).toBe(2)
  })

  it('answers TitleNotFound for an unknown id, and for a film asked for as TV or a series as a movie', async () => {
    await expect(catalog.details('movie', -1)).rejects.toBeInstanceOf(TitleNotFound)
    await expect(catalog.details('tv', -1)).rejects.toBeInstanceOf(TitleNotFound)
    const [film] = (await catalog.trendingMovies()).results
    await expect(catalog.details('tv', film?.id ?? -1)).rejects.toBeInstanceOf(TitleNotFound)
    const [show] = (await catalog.trendingTv()).results
    await expect(catalog.details('movie', show?.id ?? -1)).rejects.toBeInstanceOf(TitleNotFound)
  })

  it('says it is the offline catalog and where its data comes from', () => {
    const status = catalog.status()
    expect(status.source).toBe('offline')
    expect(status.attribution).toContain('vega-datasets')
    expect(status.attribution).toContain('written for Reelmates')
  })
})

const bareRow: VegaFilm = {
  Title: null,
  'Release Date': null,
  'Running Time min': null,
  Distributor: null,
  'Major Genre': null,
  'Creative Type': null,
  Director: null,
  'IMDB Rating': null,
  'IMDB Votes': null,
  'Worldwide Gross': null,
}

describe('the offline films', () => {
  const films = loadFilms()

  it('have negative, unique, stable ids, which TMDB never uses', () => {
    const ids = films.map((film) => film.result.id)
    expect(ids.every((id) => Number.isSafeInteger(id) && id < 0)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)
    expect(createOfflineCatalog().has(ids[0] ?? 0)).toBe(true)
  })

  it('keep the id a library may have saved: a change here orphans saved titles', () => {
    const godfather = films.find((film) => film.result.title === 'The Godfather')
    expect(godfather?.result.id).toBe(-101149221)
  })

  it('drop a release year the data set appended to a title, keeping the id it was saved under', () => {
    const titled = (id: number) => films.find((film) => film.result.id === id)?.result
    expect(titled(-283673074)).toMatchObject({ title: 'King Kong', original_title: 'King Kong' })
    expect(titled(-283673074)?.release_date).toBe('1933-04-07')
    expect(titled(-790953935)?.title).toBe('Metropolis')
    expect(titled(-1536747014)?.title).toBe('Lolita')
    expect(films.some((film) => /\(\d{4}\)$/.test(film.result.title ?? ''))).toBe(false)
  })

  it('keep a year in a title that is not its release year', () => {
    const row = { ...bareRow, Title: 'Guiana (1838)', 'Release Date': 'Jan 01 2004' }
    expect(filmFromRow(row, new Set())?.result.title).toBe('Guiana (1838)')
  })

  it('without IMDb votes are ranked by worldwide gross, and are not given votes', () => {
    const newHope = films.find((film) => film.result.title === 'Star Wars Ep. IV: A New Hope')
    expect(newHope?.result.vote_count).toBe(0)
    expect(newHope?.result.popularity).toBeGreaterThan(100)
  })

  // The data set's "Historical Fiction" is anything set in the past (The Godfather, Casablanca,
  // Forrest Gump), and "Dramatization" anything based on real events (Goodfellas): neither is
  // TMDB's History, so no film is filed under it.
  it('file no film under History for being set in the past or based on real events', () => {
    const genresOf = (title: string) => films.find((film) => film.result.title === title)?.genres.map((g) => g.name)
    expect(genresOf('The Godfather')).toEqual([])
    expect(genresOf('Casablanca')).toEqual(['Drama'])
    expect(genresOf('Gladiator')).toEqual(['Action'])
    expect(genresOf('Goodfellas')).toEqual(['Drama'])
    expect(films.some((film) => film.result.genre_ids.includes(36))).toBe(false)
  })

  it('give a film with no genre in the data no genre and no "More like this" rather than a guess', async () => {
    const godfather = films.find((film) => film.result.title === 'The Godfather')
    const details = await catalog.details('movie', godfather?.result.id ?? 0)
    expect(details.genres).toEqual([])
    expect(details.genre_ids).toEqual([])
    expect(details.similar).toEqual([])
  })

  it('give a film with genres the best-known films sharing one as "More like this"', async () => {
    const casablanca = films.find((film) => film.result.title === 'Casablanca')
    const details = await catalog.details('movie', casablanca?.result.id ?? 0)
    expect(details.similar.length).toBeGreaterThan(0)
    expect(details.similar.every((film) => film.genre_ids.includes(18))).toBe(true)
  })

  it('repair titles that were decoded as Mac Roman', () => {
    expect(repairText('LÈon')).toBe('Léon')
    expect(repairText('Die F‰lscher')).toBe('Die Fälscher')
    expect(repairText('I Love You Ö Don')).toBe('I Love You … Don')
    expect(repairText('Alien³')).toBe('Alien³')
  })

  it('read release dates, moving two-digit-year mistakes back a century', () => {
    expect(releaseDateOf('Mar 15 1972')).toBe('1972-03-15')
    expect(releaseDateOf('Dec 15 2039')).toBe('1939-12-15')
    expect(releaseDateOf(null)).toBeUndefined()
  })

  it('put right the years the data set wrote as the eve of the next: ids stay, an unknown date is none', () => {
    const film = (title: string) => loadFilms().find((each) => each.result.title === title)?.result
    // Read as 1941-12-31 (year-only 1942 at midnight UTC, read back in America); the id hashes that.
    expect(film('Casablanca')).toMatchObject({ id: -231471867, release_date: '1942-01-01' })
    expect(film('The Apartment')).toMatchObject({ id: -793027770, release_date: '1960-01-01' })
    // 31 December 1969 is the epoch's eve, no date: Barney's Version was made in 2010.
    expect(film("Barney's Version")?.id).toBe(-1139475365)
    expect(film("Barney's Version")?.release_date).toBeUndefined()
    // Real New Year's Eve openings, and this century's 31 Decembers, stay as they are.
    expect(film('Duel in the Sun')?.release_date).toBe('1946-12-31')
    expect(film('Defiance')?.release_date).toBe('2008-12-31')
    expect(loadFilms().filter((each) => each.result.release_date?.endsWith('-12-31')).length).toBeLessThan(25)
  })
})
