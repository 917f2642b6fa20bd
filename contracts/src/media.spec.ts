import { describe, expect, it } from 'vitest'
import { titleSortKey } from './media'

const inOrder = (titles: string[]) =>
  [...titles].sort((a, b) => (titleSortKey(a) < titleSortKey(b) ? -1 : titleSortKey(a) > titleSortKey(b) ? 1 : 0))

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

  it('orders numbers by value', () => {
    expect(inOrder(['Saw 10', 'Saw 2', 'Saw 3D'])).toEqual(['Saw 2', 'Saw 3D', 'Saw 10'])
    expect(inOrder(['2046', '1917', '300'])).toEqual(['300', '1917', '2046'])
  })
})
