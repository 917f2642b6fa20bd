import { describe, expect, it } from 'vitest'
import { CollectionIndex, indexDefinition } from './indexes'
import { DuplicateKeyError } from './port'

// The contract suite proves indexed queries answer what a scan answers; these specs prove the index
// itself narrows the search, which is what makes a query on one user's list cheap among a million.
function indexOf(keys: Record<string, 1 | -1>, docs: Record<string, unknown>[], unique = false) {
  const index = new CollectionIndex(indexDefinition({ keys, unique }))
  for (const doc of docs) index.add(doc as { _id: string })
  return index
}

const items = [
  { _id: 'a1', userId: 'ada', tmdbId: 1, tags: ['noir', 'classic'] },
  { _id: 'a2', userId: 'ada', tmdbId: 2, tags: [] },
  { _id: 'g1', userId: 'grace', tmdbId: 1 },
  { _id: 'g2', userId: 'grace', tmdbId: 3, tags: ['noir'] },
]

describe('an embedded index', () => {
  it('finds the documents of an equality on its first key without looking at the others', () => {
    const index = indexOf({ userId: 1, tmdbId: 1 }, items)
    expect(index.candidates({ userId: 'ada' })).toEqual(new Set(['a1', 'a2']))
    expect(index.candidates({ userId: { $eq: 'grace' } })).toEqual(new Set(['g1', 'g2']))
  })

  it('says it answers a filter exactly only for plain equalities on its leading keys', () => {
    const index = indexOf({ userId: 1, tmdbId: 1 }, items)
    expect(index.answersExactly({ userId: 'ada' })).toBe(true)
    expect(index.answersExactly({ userId: 'ada', tmdbId: { $in: [1, 2] } })).toBe(true)
    expect(index.answersExactly({ tmdbId: 1 })).toBe(false)
    expect(index.answersExactly({ userId: 'ada', tags: 'noir' })).toBe(false)
    expect(index.answersExactly({ userId: { $ne: 'ada' } })).toBe(false)
    expect(index.answersExactly({ userId: null })).toBe(false)
    expect(index.answersExactly({ $and: [{ userId: 'ada' }] })).toBe(false)
    const many = Array.from({ length: 65 }, (_, i) => `user${i}`)
    expect(index.answersExactly({ userId: { $in: many } })).toBe(false)
  })

  it('narrows to the longest prefix of its keys the filter pins', () => {
    const index = indexOf({ userId: 1, tmdbId: 1 }, items)
    expect(index.candidates({ userId: 'grace', tmdbId: 3 })).toEqual(new Set(['g2']))
    expect(index.candidates({ userId: { $in: ['ada', 'grace'] }, tmdbId: 1 })).toEqual(new Set(['a1', 'g1']))
    expect(index.candidates({ $and: [{ userId: 'ada' }, { tmdbId: 2 }] })).toEqual(new Set(['a2']))
  })

  it('cannot answer a filter that does not pin its first key, so the caller scans', () => {
    const index = indexOf({ userId: 1, tmdbId: 1 }, items)
    expect(index.candidates({ tmdbId: 1 })).toBeUndefined()
    expect(index.candidates({ userId: { $gt: 'a' } })).toBeUndefined()
    expect(index.candidates({ userId: null })).toBeUndefined()
  })

  it('holds one key per array element (multikey), and the null key for an empty or missing array', () => {
    const index = indexOf({ tags: 1 }, items)
    expect(index.candidates({ tags: 'noir' })).toEqual(new Set(['a1', 'g2']))
    expect(index.candidates({ tags: 'classic' })).toEqual(new Set(['a1']))
  })

  it('forgets a removed document', () => {
    const index = indexOf({ userId: 1 }, items)
    index.remove(items[0] as { _id: string })
    expect(index.candidates({ userId: 'ada' })).toEqual(new Set(['a2']))
  })

  it('refuses a second document with the same unique key, but not the same document again', () => {
    const index = indexOf({ userId: 1, tmdbId: 1 }, items, true)
    expect(() => index.checkUnique('watchlist_items', { _id: 'x', userId: 'ada', tmdbId: 1 })).toThrow(
      DuplicateKeyError,
    )
    expect(() => index.checkUnique('watchlist_items', { _id: 'a1', userId: 'ada', tmdbId: 1 })).not.toThrow()
    expect(() => index.checkUnique('watchlist_items', { _id: 'x', userId: 'ada', tmdbId: 9 })).not.toThrow()
  })
})
