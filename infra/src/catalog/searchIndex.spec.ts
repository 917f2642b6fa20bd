import { describe, expect, it } from 'vitest'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { foldForSearch } from '@reelmates/contracts/searchFold'
import { createTitleIndex, swappedLetters } from './searchIndex'

let nextId = 1
function film(title: string, popularity = 1, extra: Partial<MediaResult> = {}): MediaResult {
  return {
    id: nextId++,
    media_type: 'movie',
    title,
    overview: '',
    poster_path: null,
    backdrop_path: null,
    vote_average: 0,
    vote_count: 0,
    popularity,
    genre_ids: [],
    ...extra,
  }
}
const titles = (results: MediaResult[]) => results.map((result) => result.title ?? result.name)

describe('the title index', () => {
  it('orders titles that match equally well by popularity', () => {
    const index = createTitleIndex()
    index.add([film('Red River', 5), film('Red Sun', 50), film('Red Dawn', 20)])
    expect(titles(index.search('red'))).toEqual(['Red Sun', 'Red Dawn', 'Red River'])
  })

  it('puts a much better match before a more popular one', () => {
    const index = createTitleIndex()
    index.add([film('Casablanca', 1), film('Casablanca Express: The Long Night of the Train', 100)])
    expect(titles(index.search('casablanca'))[0]).toBe('Casablanca')
  })

  it('replaces a title added again, rather than listing it twice', () => {
    const index = createTitleIndex()
    const first = film('Heat', 1)
    index.add([first])
    index.add([{ ...first, title: 'Heat (1995)', popularity: 9 }])
    expect(index.size).toBe(1)
    expect(index.search('heat')).toEqual([expect.objectContaining({ id: first.id, title: 'Heat (1995)' })])
  })

  it('answers a query asked again as the first time, and never from before titles were added', () => {
    const fresh = () => {
      const index = createTitleIndex()
      index.add([film('Heat', 5), film('Heathers', 9), film('Heatwave', 1)])
      return index
    }
    const index = fresh()
    const first = titles(index.search('heat'))
    expect(first).toHaveLength(3)
    expect(titles(index.search('heat', 1))).toEqual(first.slice(0, 1))
    index.search('heat').pop()
    expect(titles(index.search('heat'))).toEqual(first)
    index.add([film('Heat Lightning', 50)])
    expect(titles(index.search('heat'))).toContain('Heat Lightning')
  })

  it('keeps movies and shows with the same id apart', () => {
    const index = createTitleIndex()
    index.add([
      film('Fargo', 1, { id: 275 }),
      film('', 1, { id: 275, media_type: 'tv', title: undefined, name: 'Fargo' }),
    ])
    expect(
      index
        .search('fargo')
        .map((result) => result.media_type)
        .sort(),
    ).toEqual(['movie', 'tv'])
  })

  it('stops growing at its capacity but still updates what it has', () => {
    const index = createTitleIndex({ capacity: 2 })
    const kept = film('Alpha')
    index.add([kept, film('Beta'), film('Gamma')])
    expect(index.size).toBe(2)
    expect(index.search('gamma')).toEqual([])
    index.add([{ ...kept, popularity: 7 }])
    expect(index.search('alpha')[0]?.popularity).toBe(7)
  })

  it('ignores accents and case, in the query and in the title', () => {
    const index = createTitleIndex()
    index.add([film('Amélie'), film('Crouching Tiger')])
    expect(titles(index.search('amelie'))).toEqual(['Amélie'])
    expect(titles(index.search('AMÉLIE'))).toEqual(['Amélie'])
    expect(titles(index.search('tígér'))).toEqual(['Crouching Tiger'])
  })

  it('matches the start of a word while typing', () => {
    const index = createTitleIndex()
    index.add([film('Goodfellas'), film('The Godfather')])
    expect(titles(index.search('godf'))).toEqual(['The Godfather'])
  })

  it('forgives one typo in a word of 4 letters or more, and none in a shorter word', () => {
    const index = createTitleIndex()
    index.add([film('Heat'), film('Ran')])
    expect(titles(index.search('haet'))).toEqual(['Heat'])
    expect(titles(index.search('hext'))).toEqual(['Heat'])
    expect(index.search('rna')).toEqual([])
    expect(index.search('rxn')).toEqual([])
  })

  it('forgives two swapped letters, counting the word as typed first', () => {
    const index = createTitleIndex()
    index.add([film('Jaws', 10), film('How Green Was My Valley', 50)])
    expect(titles(index.search('jwas'))[0]).toBe('Jaws')
  })

  it('falls back to any word when no title has them all', () => {
    const index = createTitleIndex()
    index.add([film('The Lord of the Rings'), film('Rings')])
    expect(titles(index.search('lrd of the rings'))[0]).toBe('The Lord of the Rings')
    expect(index.search('zzz qqq')).toEqual([])
  })

  it('takes a year after a name as the release year wanted, and a number in a name as part of it', () => {
    const index = createTitleIndex()
    const released = (title: string, year: string, popularity = 1) =>
      film(title, popularity, { release_date: `${year}-06-01` })
    index.add([
      released('Crash', '1996', 50),
      released('Crash', '2005', 10),
      released('200 Cigarettes', '1999', 90),
      released('Blade Runner', '1982', 90),
      released('Blade Runner 2049', '2017', 10),
    ])
    const years = (query: string) =>
      index.search(query).map((title) => `${title.title ?? ''} ${title.release_date?.slice(0, 4) ?? ''}`)
    expect(years('crash 2005')).toEqual(['Crash 2005', 'Crash 1996'])
    expect(years('crash 1996')).toEqual(['Crash 1996', 'Crash 2005'])
    // Asked again, from the remembered answers: the same.
    expect(years('crash 2005')).toEqual(['Crash 2005', 'Crash 1996'])
    expect(years('blade runner 2049')).toEqual(['Blade Runner 2049 2017', 'Blade Runner 1982'])
    expect(years('2049')).toEqual(['Blade Runner 2049 2017'])
    // A year no title with the name has: the name's titles, not the year's.
    expect(years('crash 1999')).toEqual(['Crash 1996', 'Crash 2005'])
  })

  it('honours the limit', () => {
    const index = createTitleIndex()
    index.add([film('Star A'), film('Star B'), film('Star C')])
    expect(index.search('star', 2)).toHaveLength(2)
  })
})

describe('foldForSearch', () => {
  it('drops diacritics and lowercases', () => {
    expect(foldForSearch('Amélie Poulain')).toBe('amelie poulain')
    expect(foldForSearch('Shōgun')).toBe('shogun')
    expect(foldForSearch('Ça Ira')).toBe('ca ira')
  })

  it('spells out letters that do not decompose, so a title finds them either way', () => {
    const index = createTitleIndex()
    index.add([film('Æon Flux'), film('Ørsted')])
    expect(index.search('aeon').map((title) => title.title)).toEqual(['Æon Flux'])
    expect(index.search('orsted').map((title) => title.title)).toEqual(['Ørsted'])
  })
})

describe('swappedLetters', () => {
  it('lists each swap of two neighbouring letters, only in words of 4 letters or more', () => {
    expect(swappedLetters('jwas')).toEqual(['wjas', 'jaws', 'jwsa'])
    expect(swappedLetters('book')).toEqual(['obok', 'boko'])
    expect(swappedLetters('ran')).toEqual([])
  })
})
