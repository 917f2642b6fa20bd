import { describe, expect, it } from 'vitest'
import { compareTitles, hasCatalogRating, titleSortKey } from './media'

const inOrder = (titles: string[]) => [...titles].sort(compareTitles)

describe('titleSortKey', () => {
  it('orders titles whatever their case', () => {
    expect(inOrder(['Sex Education', 'Sex and the City'])).toEqual(['Sex and the City', 'Sex Education'])
    expect(inOrder(['ET: The Extra-Terrestrial', 'Eastbound & Down'])).toEqual([
      'Eastbound & Down',
      'ET: The Extra-Terrestrial',
    ])
    expect(inOrder(['The Ghost Writer', 'The Ghost and the Darkness'])).toEqual([
      'The Ghost and the Darkness',
      'The Ghost Writer',
    ])
  })

  it('files an accented letter with the plain one', () => {
    expect(inOrder(['Ezra', 'Élite', 'Eden'])).toEqual(['Eden', 'Élite', 'Ezra'])
    expect(titleSortKey('Amélie')).toBe(titleSortKey('AMELIE'))
  })

  it('keeps one order for titles that fold alike', () => {
    expect(inOrder(['heat', 'Heat', 'HEAT'])).toEqual(['HEAT', 'Heat', 'heat'])
  })

  it('orders numbers by value', () => {
    expect(inOrder(['Saw 10', 'Saw 2', 'Saw 3D'])).toEqual(['Saw 2', 'Saw 3D', 'Saw 10'])
    expect(inOrder(['2046', '1917', '300'])).toEqual(['300', '1917', '2046'])
  })
})

describe('hasCatalogRating', () => {
  it('takes a vote average of 0, nobody having voted, for no rating', () => {
    expect([7.4, 0.5, 0, null].map(hasCatalogRating)).toEqual([true, true, false, false])
  })
})
