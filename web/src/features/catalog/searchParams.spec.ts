import { describe, expect, it } from 'vitest'
import { providerScreenParamsSchema, searchScreenParamsSchema } from './searchParams'

describe('search screen address', () => {
  it('reads the query and the page', () => {
    expect(searchScreenParamsSchema.parse({ q: ' alien ', page: '3' })).toEqual({ q: 'alien', page: 3 })
  })

  it('cuts a query longer than the search box takes, and reads a number as a query', () => {
    const long = 'godfather '.repeat(30)
    expect(searchScreenParamsSchema.parse({ q: long }).q).toBe(long.slice(0, 200).trimEnd())
    expect(searchScreenParamsSchema.parse({ q: 1984 })).toEqual({ q: '1984' })
    expect(searchScreenParamsSchema.parse({ q: { not: 'a query' } })).toEqual({})
  })

  it('drops a page that is not a page rather than failing', () => {
    expect(searchScreenParamsSchema.parse({ q: 'alien', page: '0' })).toEqual({ q: 'alien' })
    expect(searchScreenParamsSchema.parse({ q: 'alien', page: 'two' })).toEqual({ q: 'alien' })
    expect(searchScreenParamsSchema.parse({})).toEqual({})
  })
})

describe('provider screen address', () => {
  it('reads a region (upper-cased) and a genre', () => {
    expect(providerScreenParamsSchema.parse({ region: 'gb', genre: 18 })).toEqual({ region: 'GB', genre: 18 })
  })

  it('ignores a region that is not a country code', () => {
    expect(providerScreenParamsSchema.parse({ region: 'Narnia' })).toEqual({})
  })

  it('ignores two letters that name no country, such as ZZ ("Unknown Region")', () => {
    expect(providerScreenParamsSchema.parse({ region: 'ZZ', genre: 18 })).toEqual({ genre: 18 })
  })
})
