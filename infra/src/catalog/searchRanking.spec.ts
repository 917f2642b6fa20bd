import type { MediaResult } from '@reelmates/contracts/catalog'
import { describe, expect, it } from 'vitest'
import { createOfflineCatalog } from './offline/offlineCatalog'
import { firstOfGroups, seriesOf, startsWordsOf } from './searchRanking'
import { foldForSearch } from '@reelmates/contracts/searchFold'

const movie = (title: string): MediaResult => ({ id: 1, media_type: 'movie', title, popularity: 1 }) as MediaResult

describe('a short list of ranked groups', () => {
  const group = (name: string, size: number) => Array.from({ length: size }, (_, i) => movie(`${name} ${i + 1}`))
  const names = (titles: MediaResult[]) => titles.map((title) => title.title)

  it('gives a long series its share while later groups would be cut, keeping each group together', () => {
    const picked = firstOfGroups([group('Trek', 10), group('Rock', 1), group('Wars', 7)], 10, 4)
    // 4 + 1 + 4 in shares, and the one place left to the first group with more.
    expect(names(picked)).toEqual([...names(group('Trek', 5)), 'Rock 1', ...names(group('Wars', 4))])
  })

  it('fills the room left after every share with the rest of each group, in group order', () => {
    expect(names(firstOfGroups([group('Trek', 10), group('Rock', 1)], 10, 4))).toEqual([
      ...names(group('Trek', 9)),
      'Rock 1',
    ])
    expect(names(firstOfGroups([group('Wars', 7)], 10, 4))).toEqual(names(group('Wars', 7)))
  })
})

describe('search ranking over the offline catalog (issue 15.4)', () => {
  const catalog = createOfflineCatalog()
  const top = async (query: string, count: number) =>
    (await catalog.autocomplete(query)).slice(0, count).map((title) => title.title ?? title.name)

  it.each([
    ['godf', ['The Godfather', 'The Godfather: Part II', 'The Godfather: Part III']],
    ['toy st', ['Toy Story', 'Toy Story 2', 'Toy Story 3']],
    ['jaws', ['Jaws', 'Jaws 2', 'Jaws 4: The Revenge']],
    ['jwas', ['Jaws', 'Jaws 2', 'Jaws 4: The Revenge']],
    ['alien', ['Alien', 'Alien³', 'Alien: Resurrection']],
    [
      'lrd of the rings',
      [
        'The Lord of the Rings: The Fellowship of the Ring',
        'The Lord of the Rings: The Two Towers',
        'The Lord of the Rings: The Return of the King',
      ],
    ],
    ['amelie', ["Le Fabuleux destin d'Amélie Poulain"]],
    // A long series does not fill the suggestions by itself.
    [
      'star',
      [
        'Star Trek',
        'Star Trek: The Motion Picture',
        'Star Trek II: The Wrath of Khan',
        'Star Trek III: The Search for Spock',
      ],
    ],
    // Words run together or split, and sequel numbers typed either way (searchForms.ts).
    ['spiderman', ['Spider-Man', 'Spider-Man 2', 'Spider-Man 3']],
    ['starwars', ['Star Wars Ep. IV: A New Hope', 'Star Wars Ep. V: The Empire Strikes Back']],
    ['god father', ['The Godfather', 'The Godfather: Part II', 'The Godfather: Part III']],
    ['godfather 2', ['The Godfather: Part II']],
    ['star wars 5', ['Star Wars Ep. V: The Empire Strikes Back']],
    ['toy story ii', ['Toy Story 2']],
    // A year at the end picks the title of that year, and a number that is part of a name finds it.
    ['crash 2005', ['Crash']],
    ['king kong 2005', ['King Kong']],
    ["ocean's 2004", ["Ocean's Twelve"]],
    ['lrd of the rings 2002', ['The Lord of the Rings: The Two Towers']],
    ['2001', ['2001: A Space Odyssey']],
    ['space odyssey 2001', ['2001: A Space Odyssey']],
    ['dracula 2000', ['Dracula 2000']],
    ['se7en', ['Se7en']],
  ])('"%s" starts with %j', async (query, expected) => {
    expect(await top(query, expected.length)).toEqual(expected)
  })

  it('suggests Star Wars as well as Star Trek for "star", each series together', async () => {
    const suggested = (await catalog.autocomplete('star')).map((title) => title.title ?? title.name ?? '')
    const wars = suggested.filter((name) => name.startsWith('Star Wars'))
    expect(wars.length).toBeGreaterThan(0)
    expect(suggested.filter((name) => name.startsWith('Star Trek')).length).toBeLessThanOrEqual(4)
    const first = suggested.indexOf(wars[0] ?? '')
    expect(suggested.slice(first, first + wars.length)).toEqual(wars)
  })

  it('puts the titles of a year typed after their name first, then the same name in other years', async () => {
    const yearsOf = async (query: string) =>
      (await catalog.autocomplete(query)).map(
        (title) => `${title.title ?? ''} ${title.release_date?.slice(0, 4) ?? ''}`,
      )
    // Wedding Crashers (2005) starts with "crash" too: that year's titles come first.
    expect((await yearsOf('crash 2005')).slice(0, 3)).toEqual(['Crash 2005', 'The Wedding Crashers 2005', 'Crash 1996'])
    expect((await yearsOf('hamlet 2000')).slice(0, 3)).toEqual(['Hamlet 2000', 'Hamlet 1996', 'Hamlet 2 2008'])
    expect((await yearsOf('king kong 1976'))[0]).toBe('King Kong 1976')
    expect((await yearsOf('king kong 1933'))[0]).toBe('King Kong 1933')
    // Not titles that only start with the digits ("200 Cigarettes", "Pokemon 2000").
    expect((await yearsOf('crash 2005')).some((title) => title.startsWith('200 '))).toBe(false)
    expect((await yearsOf('hamlet 2000')).some((title) => title.startsWith('Pokemon 2000'))).toBe(false)
  })

  it('puts every title whose words start with what was typed above the typo matches', async () => {
    const results = await catalog.autocomplete('godf')
    const firstTypo = results.findIndex((title) => !startsWordsOf(title, 'godf', foldForSearch))
    expect(firstTypo).toBeGreaterThan(0)
    expect(results.slice(firstTypo).every((title) => !startsWordsOf(title, 'godf', foldForSearch))).toBe(true)
  })
})

describe('the parts of the ranking', () => {
  it.each([
    ['The Godfather: Part II', 'the godfather'],
    ['The Godfather', 'the godfather'],
    ['Toy Story 3', 'toy story'],
    ['Jaws 4: The Revenge', 'jaws'],
    ['Star Wars Ep. IV: A New Hope', 'star wars'],
    ['Alien³', 'alien'],
    ['Rocky Balboa', 'rocky balboa'],
    ['M', 'm'],
  ])('names the series of "%s" "%s"', (title, series) => {
    expect(seriesOf(movie(title), foldForSearch)).toBe(series)
  })

  it('tells a title whose words start with the query from one found by a typo', () => {
    expect(startsWordsOf(movie('The Godfather'), 'godf', foldForSearch)).toBe(true)
    expect(startsWordsOf(movie('Gods and Monsters'), 'godf', foldForSearch)).toBe(false)
    expect(startsWordsOf(movie('Le Fabuleux destin d’Amélie Poulain'), 'amelie pou', foldForSearch)).toBe(true)
  })
})
