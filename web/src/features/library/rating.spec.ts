import { describe, expect, it } from 'vitest'
import { ratingLabel, ratingOf, starFills, starsOf, starsText } from './rating'

describe('ratings as five stars with halves', () => {
  it('shows every rating from 1 to 10 as half-star steps and back', () => {
    for (let rating = 1; rating <= 10; rating++) {
      expect(starsOf(rating)).toBe(rating / 2)
      expect(ratingOf(starsOf(rating))).toBe(rating)
    }
  })

  it('draws 7 as three full stars, one half and one empty', () => {
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'half', 'empty'])
    expect(starFills(10)).toEqual(['full', 'full', 'full', 'full', 'full'])
    expect(starFills(1)).toEqual(['half', 'empty', 'empty', 'empty', 'empty'])
    expect(starFills(null)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty'])
  })

  it('keeps a star choice inside the 1–10 scale', () => {
    expect(ratingOf(0)).toBe(1)
    expect(ratingOf(0.2)).toBe(1)
    expect(ratingOf(6)).toBe(10)
    expect(ratingOf(2.5)).toBe(5)
  })

  it('writes the stars as a short count, with ½ for a half star', () => {
    expect(starsText(1)).toBe('½')
    expect(starsText(2)).toBe('1')
    expect(starsText(7)).toBe('3½')
    expect(starsText(8)).toBe('4')
    expect(starsText(10)).toBe('5')
  })

  it('says the rating in words', () => {
    expect(ratingLabel(7)).toBe('3½ stars')
    expect(ratingLabel(1)).toBe('½ star')
    expect(ratingLabel(2)).toBe('1 star')
    expect(ratingLabel(10)).toBe('5 stars')
    expect(ratingLabel(null)).toBe('Not rated')
  })
})
