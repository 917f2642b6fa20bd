import { describe, expect, it, vi } from 'vitest'
import { fetchProviderTrending } from './providerTrending'
import { listOf, scriptedCatalog } from './testing'

const netflixRow = { providerId: 8, limit: 5, region: 'US' }
const netflixPage = { providerId: 8, limit: 20, region: 'US' }
const rowPath = '/api/tmdb/trending/provider/8?limit=5&region=US'
const rowFallback = '/api/tmdb/trending/provider/8?limit=5&region=US&fallback=true'
const pagePath = '/api/tmdb/trending/provider/8?limit=20&region=US'
const pageFallback = '/api/tmdb/trending/provider/8?limit=20&region=US&fallback=true'
const down = new Error('Network error')

describe('provider trending', () => {
  it('asks once more with fallback=true when the server says the list needs a fallback', async () => {
    const api = scriptedCatalog({
      [rowPath]: listOf(0, { needsFallback: true, fallbackUrl: rowFallback }),
      [rowFallback]: listOf(5),
    })
    const list = await fetchProviderTrending(netflixRow, api.context)
    expect(list.results).toHaveLength(5)
    expect(api.requests).toEqual([rowPath, rowFallback])
  })

  it('follows the fallback only once, even if the fallback asks for one too', async () => {
    const api = scriptedCatalog({
      [rowPath]: listOf(2, { needsFallback: true }),
      [rowFallback]: listOf(3, { needsFallback: true }),
    })
    const list = await fetchProviderTrending(netflixRow, api.context)
    expect(list.results).toHaveLength(3)
    expect(api.requests).toEqual([rowPath, rowFallback])
  })

  it('keeps the genre in the fallback it builds when the server gives no fallback address', async () => {
    const withGenre = { ...netflixRow, genreId: 18 }
    const path = '/api/tmdb/trending/provider/8?limit=5&region=US&genreId=18'
    const api = scriptedCatalog({
      [path]: listOf(0, { needsFallback: true }),
      [`${path}&fallback=true`]: listOf(5),
    })
    expect((await fetchProviderTrending(withGenre, api.context)).results).toHaveLength(5)
    expect(api.requests).toEqual([path, `${path}&fallback=true`])
  })

  it('retries an empty provider page with a forced refresh and fallback', async () => {
    const api = scriptedCatalog({ [pagePath]: listOf(0), [pageFallback]: listOf(20) })
    const list = await fetchProviderTrending(netflixPage, api.context)
    expect(list.results).toHaveLength(20)
    expect(api.requests).toEqual([pagePath, pageFallback])
  })

  it('does not retry an empty home row (limit 5): only pages do', async () => {
    const api = scriptedCatalog({ [rowPath]: listOf(0) })
    expect((await fetchProviderTrending(netflixRow, api.context)).results).toEqual([])
    expect(api.requests).toEqual([rowPath])
  })

  it('keeps a full home row for 24 hours and asks again after that', async () => {
    const api = scriptedCatalog({ [rowPath]: listOf(5) })
    await fetchProviderTrending(netflixRow, api.context)
    api.advanceHours(23)
    await fetchProviderTrending(netflixRow, api.context)
    expect(api.requests).toEqual([rowPath])
    api.advanceHours(2)
    await fetchProviderTrending(netflixRow, api.context)
    expect(api.requests).toEqual([rowPath, rowPath])
  })

  it('keeps a full provider page for 1 hour only', async () => {
    const api = scriptedCatalog({ [pagePath]: listOf(20) })
    await fetchProviderTrending(netflixPage, api.context)
    api.advanceHours(0.5)
    await fetchProviderTrending(netflixPage, api.context)
    expect(api.requests).toHaveLength(1)
    api.advanceHours(1)
    await fetchProviderTrending(netflixPage, api.context)
    expect(api.requests).toHaveLength(2)
  })

  it('does not keep a list shorter than asked', async () => {
    const api = scriptedCatalog({ [rowPath]: listOf(4) })
    await fetchProviderTrending(netflixRow, api.context)
    await fetchProviderTrending(netflixRow, api.context)
    expect(api.requests).toEqual([rowPath, rowPath])
  })

  it('shows the list kept earlier (even past its time) when the request fails', async () => {
    const api = scriptedCatalog({ [rowPath]: listOf(5) })
    await fetchProviderTrending(netflixRow, api.context)
    api.advanceHours(30)
    api.rescript(rowPath, down)
    const list = await fetchProviderTrending(netflixRow, api.context)
    expect(list.results).toHaveLength(5)
    expect(api.requests).toEqual([rowPath, rowPath])
  })

  it('tries the fallback once when the request fails and nothing is kept', async () => {
    const api = scriptedCatalog({ [rowPath]: down, [rowFallback]: listOf(5) })
    const list = await fetchProviderTrending(netflixRow, api.context)
    expect(list.results).toHaveLength(5)
    expect(api.requests).toEqual([rowPath, rowFallback])
  })

  it("answers an empty list when both the request and the fallback fail, with the spec's message in the console", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const api = scriptedCatalog({ [rowPath]: down, [rowFallback]: down })
    const list = await fetchProviderTrending(netflixRow, api.context)
    expect(list).toEqual({ results: [], page: 1, total_results: 0, total_pages: 0 })
    expect(api.requests).toEqual([rowPath, rowFallback])
    expect(warn).toHaveBeenCalledWith('Failed to get trending for provider 8', down)
    warn.mockRestore()
  })

  it('does not try a failed fallback a second time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const api = scriptedCatalog({ [rowPath]: listOf(0, { needsFallback: true }), [rowFallback]: down })
    expect((await fetchProviderTrending(netflixRow, api.context)).results).toEqual([])
    expect(api.requests).toEqual([rowPath, rowFallback])
    expect(warn).toHaveBeenCalledWith('Failed to get trending for provider 8', down)
    warn.mockRestore()
  })

  it('ignores a fallback address that is not one of our provider paths', async () => {
    const api = scriptedCatalog({
      [rowPath]: listOf(0, { needsFallback: true, fallbackUrl: 'https://elsewhere.example/steal' }),
      [rowFallback]: listOf(5),
    })
    await fetchProviderTrending(netflixRow, api.context)
    expect(api.requests).toEqual([rowPath, rowFallback])
  })
})
