import { describe, expect, it } from 'vitest'
import {
  imageUrl,
  mediaParamsSchema,
  pickTrailer,
  providerParamsSchema,
  providerTrendingQuerySchema,
  searchQuerySchema,
  type Video,
} from './catalog'

const video = (key: string, type: string, site: string, official: boolean): Video => ({
  key,
  name: key,
  type,
  site,
  official,
})

describe('trailer selection (spec §5)', () => {
  it('prefers an official YouTube trailer', () => {
    const videos = [video('a', 'Trailer', 'YouTube', false), video('b', 'Trailer', 'YouTube', true)]
    expect(pickTrailer(videos)?.key).toBe('b')
  })

  it('otherwise takes any YouTube trailer', () => {
    const videos = [
      video('teaser', 'Teaser', 'YouTube', true),
      video('vimeo', 'Trailer', 'Vimeo', true),
      video('c', 'Trailer', 'YouTube', false),
    ]
    expect(pickTrailer(videos)?.key).toBe('c')
  })

  it('takes nothing that is not a YouTube trailer', () => {
    expect(pickTrailer([video('clip', 'Clip', 'YouTube', true), video('vimeo', 'Trailer', 'Vimeo', true)])).toBeNull()
    expect(pickTrailer([])).toBeNull()
  })
})

describe('image URLs', () => {
  it('come from TMDB at width 500', () => {
    expect(imageUrl('/3bhkrj58Vtu7enYsRolD1fZdja1.jpg')).toBe(
      'https://image.tmdb.org/t/p/w500/3bhkrj58Vtu7enYsRolD1fZdja1.jpg',
    )
  })

  it('are null without a path, so the app shows its placeholder', () => {
    expect(imageUrl(null)).toBeNull()
    expect(imageUrl('')).toBeNull()
  })
})

describe('route inputs', () => {
  it('default provider lists to 5 titles in the US, without fallback', () => {
    expect(providerTrendingQuerySchema.parse({})).toEqual({ limit: 5, region: 'US', fallback: false })
  })

  it('read limit, region, genre and fallback from the query string', () => {
    expect(providerTrendingQuerySchema.parse({ limit: '20', region: 'gb', genreId: '27', fallback: 'true' })).toEqual({
      limit: 20,
      region: 'GB',
      genreId: 27,
      fallback: true,
    })
  })

  it('refuse a region that is two letters but no country', () => {
    for (const region of ['ZZ', 'eu', 'UN', 'XK', 'QQ'])
      expect(providerTrendingQuerySchema.safeParse({ region }).success, region).toBe(false)
    expect(providerTrendingQuerySchema.parse({ region: 'se' }).region).toBe('SE')
  })

  it('accept only the five providers', () => {
    for (const id of ['8', '9', '337', '384', '15'])
      expect(providerParamsSchema.safeParse({ providerId: id }).success).toBe(true)
    expect(providerParamsSchema.safeParse({ providerId: '350' }).success).toBe(false)
  })

  it('accept offline (negative) ids but not 0 or text', () => {
    expect(mediaParamsSchema.parse({ mediaType: 'movie', id: '-42' })).toEqual({ mediaType: 'movie', id: -42 })
    expect(mediaParamsSchema.safeParse({ mediaType: 'movie', id: '0' }).success).toBe(false)
    expect(mediaParamsSchema.safeParse({ mediaType: 'movie', id: '1e3' }).success).toBe(false)
  })

  it('default the search page to 1 and trim the query', () => {
    expect(searchQuerySchema.parse({ query: ' dune ' })).toEqual({ query: 'dune', page: 1 })
  })
})
