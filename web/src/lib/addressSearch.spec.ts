import { describe, expect, it } from 'vitest'
import { searchScreenParamsSchema } from '../features/catalog/searchParams'
import { watchedSearch } from '../features/library/librarySearch'
import { parseSearch, stringifySearch } from './addressSearch'

/** What a screen gets from an address: the router's reading, then the screen's own schema. */
const searchScreenOf = (address: string) => searchScreenParamsSchema.parse(parseSearch(address))

describe('search params in the address', () => {
  it('writes a search for a number as typed', () => {
    expect(stringifySearch({ q: '1984' })).toBe('?q=1984')
    expect(stringifySearch({ q: '-5' })).toBe('?q=-5')
  })

  it('reads it back as the same text', () => {
    expect(searchScreenOf(stringifySearch({ q: '1984', page: 2 }))).toEqual({ q: '1984', page: 2 })
  })

  it('still reads an address written with the number quoted', () => {
    expect(searchScreenOf('?q=%221984%22')).toEqual({ q: '1984' })
  })

  it('quotes a text that would read back as anything but itself', () => {
    for (const text of ['true', 'null', '1e3', '1.50', '007', '"quoted"', '[1]']) {
      expect(searchScreenOf(stringifySearch({ q: text })), text).toEqual({ q: text })
    }
    expect(stringifySearch({ q: 'true' })).toBe('?q=%22true%22')
  })

  it('writes other text, numbers and flags as they are', () => {
    expect(stringifySearch({ q: 'the godfather', page: 3, invite: true })).toBe('?q=the+godfather&page=3&invite=true')
    expect(parseSearch('?page=3&invite=true&days=30')).toEqual({ page: 3, invite: true, days: 30 })
  })

  it('keeps a streaming service named by digits a name', () => {
    expect(watchedSearch.parse(parseSearch(stringifySearch({ service: '24' }))).service).toBe('24')
  })
})
