import { slugPattern } from '@reelmates/contracts/blog'
import { describe, expect, it } from 'vitest'
import { slugify } from './slugify'

describe('slugify', () => {
  it('turns a title into a slug the server accepts', () => {
    expect(slugify('Amélie & the  Best of 2026!')).toBe('amelie-the-best-of-2026')
    expect(slugify('  --Dune: Part Two--  ')).toBe('dune-part-two')
    for (const title of ['Ça va?', 'x'.repeat(300), 'a - b']) expect(slugify(title)).toMatch(slugPattern)
  })

  it('gives nothing for a title without letters or digits', () => {
    expect(slugify('!!!')).toBe('')
  })
})
