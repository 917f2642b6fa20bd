import { describe, expect, it } from 'vitest'
import { queryVariants, titleForms } from './searchForms'

describe("a title's other forms", () => {
  it.each([
    [['spider', 'man'], ['spiderman']],
    [
      ['the', 'godfather', 'part', 'ii'],
      ['thegodfather', 'godfatherpart', 'partii', '2'],
    ],
    [
      ['toy', 'story', '3'],
      ['toystory', 'story3', 'iii'],
    ],
    [
      ['star', 'wars', 'ep', 'v', 'the', 'empire'],
      ['starwars', 'warsep', 'epv', '5', 'vthe', 'theempire'],
    ],
    [
      ['rocky', 'v'],
      ['rockyv', '5'],
    ],
    // "V" and "X" inside a name are words, not numbers.
    [
      ['v', 'for', 'vendetta'],
      ['vfor', 'forvendetta'],
    ],
    [['heat'], []],
  ])('%j → %j', (words, forms) => {
    expect(titleForms(words).sort()).toEqual([...forms].sort())
  })
})

describe('the ways a query is tried', () => {
  it('as typed, then with each pair of neighbouring words joined', () => {
    expect(queryVariants(['the', 'god', 'father'])).toEqual([
      ['the', 'god', 'father'],
      ['thegod', 'father'],
      ['the', 'godfather'],
    ])
    expect(queryVariants(['jaws'])).toEqual([['jaws']])
  })

  it('only as typed when it is a sentence rather than a split title', () => {
    const words = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    expect(queryVariants(words)).toEqual([words])
  })
})
