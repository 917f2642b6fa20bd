import { slugPattern } from '@reelmates/contracts/blog'
import { describe, expect, it } from 'vitest'
import { slugify } from './slugify'

describe('slugify', () => {
  it('turns a title into a slug the server accepts', () => {
    expect(slugify('Amélie & the  Best of 2026!')).toBe('amelie-the-best-of-2026')
    expect(slugify('  --Dune: Part Two--  ')).toBe('dune-part-two')
    for (const title of ['Ça va?', 'x'.repeat(300), 'a - b']) expect(slugify(title)).toMatch(slugPattern)
  })

  it('ends a long title’s slug after a whole word, within 120 characters', () => {
    const title =
      'Everything new this month: ' + 'friends, comments and reactions, '.repeat(4) + 'and the brand new weekly digest'
    expect(slugify(title)).toBe(`everything-new-this-month-${'friends-comments-and-reactions-'.repeat(3).slice(0, -1)}`)
    // One word longer than that is cut where it must be.
    expect(slugify('x'.repeat(300))).toBe('x'.repeat(120))
  })

  it('gives nothing for a title without letters or digits', () => {
    expect(slugify('!!!')).toBe('')
  })
})
