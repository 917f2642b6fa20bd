import { describe, expect, it } from 'vitest'
import { fetchTrendingList } from './trendingLists'
import { listOf, scriptedCatalog } from './testing'

const trendingMovies = '/api/tmdb/trending/movies'
const trendingTv = '/api/tmdb/trending/tv'
const upcoming = '/api/tmdb/upcoming/movies'

describe('trending lists', () => {
  it('keeps trending movies for 24 hours in the session', async () => {
    const api = scriptedCatalog({ [trendingMovies]: listOf(20) })
    await fetchTrendingList('trendingMovies', api.context)
    api.advanceHours(23.9)
    await fetchTrendingList('trendingMovies', api.context)
    expect(api.requests).toEqual([trendingMovies])
    api.advanceHours(0.2)
    await fetchTrendingList('trendingMovies', api.context)
    expect(api.requests).toEqual([trendingMovies, trendingMovies])
  })

  it('falls back to the list seen earlier when the request fails', async () => {
    const api = scriptedCatalog({ [trendingTv]: listOf(20) })
    await fetchTrendingList('trendingTv', api.context)
    api.advanceHours(48)
    api.rescript(trendingTv, new Error('Network error'))
    expect((await fetchTrendingList('trendingTv', api.context)).results).toHaveLength(20)
  })

  it("fails with the spec's message when nothing was seen before", async () => {
    const api = scriptedCatalog({ [upcoming]: new Error('Network error') })
    await expect(fetchTrendingList('upcomingMovies', api.context)).rejects.toThrow('Failed to get upcoming movies')
    const tv = scriptedCatalog({ [trendingTv]: new Error('Network error') })
    await expect(fetchTrendingList('trendingTv', tv.context)).rejects.toThrow('Failed to get trending TV shows')
  })

  it('does not keep an empty list, so a catalog that gains titles shows them', async () => {
    const api = scriptedCatalog({ [trendingTv]: [listOf(0), listOf(20)] })
    expect((await fetchTrendingList('trendingTv', api.context)).results).toHaveLength(0)
    expect((await fetchTrendingList('trendingTv', api.context)).results).toHaveLength(20)
  })
})
