import { describe, expect, it } from 'vitest'
import { mediaResultListSchema, streamingProviders } from '@reelmates/contracts/catalog'
import { createOfflineCatalog } from './offlineCatalog'

const catalog = createOfflineCatalog()

async function originalsOf(providerId: number) {
  const list = await catalog.trendingForProvider({ providerId: providerId as 8, limit: 100, region: 'US' })
  return list.results
}

describe('offline provider pages', () => {
  it.each(streamingProviders)("list $name's originals on the first call, and say what they are", async (provider) => {
    const page = await catalog.trendingForProvider({ providerId: provider.id, limit: 5, region: 'US' })
    expect(mediaResultListSchema.parse(page)).toEqual(page)
    expect(page.results).toHaveLength(5)
    expect(page.needsFallback).toBeUndefined()
    const known = (await originalsOf(provider.id)).length
    expect(page.notice).toBe(
      `Offline catalog: 5 of the ${known} series made for ${provider.name}. Series made for ${provider.name} are its originals, which it streams in the US as recorded in 2025; this may change.`,
    )
    for (const title of page.results) {
      const details = await catalog.details(title.media_type, title.id)
      expect(details.watch_providers.US?.flatrate?.map((offer) => offer.provider_id)).toEqual([provider.id])
    }
  })

  it('answer what is known and ask for the fallback when the limit is above it', async () => {
    const known = (await originalsOf(384)).length
    const first = await catalog.trendingForProvider({ providerId: 384, limit: known + 3, region: 'US' })
    expect(first.results).toHaveLength(known)
    expect(first.needsFallback).toBe(true)
    expect(first.fallbackUrl).toBe(`/api/tmdb/trending/provider/384?limit=${known + 3}&region=US&fallback=true`)

    const fallback = await catalog.trendingForProvider({
      providerId: 384,
      limit: known + 3,
      region: 'US',
      fallback: true,
    })
    expect(fallback.results).toHaveLength(known + 3)
    expect(fallback.results.slice(known).every((title) => title.media_type === 'movie')).toBe(true)
    expect(fallback.needsFallback).toBeUndefined()
    expect(fallback.notice).toContain(
      `${known} series made for HBO Max; then 3 of the best-known films of the offline catalog, which are not HBO Max's catalogue.`,
    )
  })

  it('keep to the genre asked for, and widen without it only on the fallback', async () => {
    const documentaries = await catalog.trendingForProvider({ providerId: 8, limit: 3, region: 'US', genreId: 99 })
    expect(documentaries.results).toHaveLength(3)
    expect(documentaries.results.every((title) => title.genre_ids.includes(99))).toBe(true)

    const westerns = await catalog.trendingForProvider({ providerId: 8, limit: 4, region: 'US', genreId: 37 })
    expect(westerns.needsFallback).toBe(true)
    expect(westerns.results.every((title) => title.genre_ids.includes(37))).toBe(true)
    const widened = await catalog.trendingForProvider({
      providerId: 8,
      limit: 4,
      region: 'US',
      genreId: 37,
      fallback: true,
    })
    expect(widened.results).toHaveLength(4)
    expect(widened.notice).toMatch(
      /^Offline catalog: \d series made for Netflix in this genre; then \d of the \d+ other series made for Netflix\./,
    )
  })

  it('say when nothing matches the genre asked for before naming the other series', async () => {
    const none = await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'US', genreId: 99999 })
    expect(none.results).toEqual([])
    const widened = await catalog.trendingForProvider({
      providerId: 8,
      limit: 5,
      region: 'US',
      genreId: 99999,
      fallback: true,
    })
    expect(widened.notice).toMatch(
      /^Offline catalog: no series made for Netflix in this genre; then 5 of the \d+ other series made for Netflix\./,
    )
  })

  it('count every original that matches while the list holds only those, so a page can offer more', async () => {
    const known = (await originalsOf(8)).length
    const page = await catalog.trendingForProvider({ providerId: 8, limit: 20, region: 'US' })
    expect(page.total_results).toBe(known)
    const all = await catalog.trendingForProvider({ providerId: 8, limit: known, region: 'US' })
    expect(all.total_results).toBe(known)
    // Widened past the originals, the list is all there is: nothing more to offer.
    const widened = await catalog.trendingForProvider({ providerId: 8, limit: known + 5, region: 'US', fallback: true })
    expect(widened.total_results).toBe(known + 5)
    const westerns = await catalog.trendingForProvider({
      providerId: 8,
      limit: 4,
      region: 'US',
      genreId: 37,
      fallback: true,
    })
    expect(westerns.total_results).toBe(westerns.results.length)
  })

  it('name the same total on a home row and a provider page, however many each shows', async () => {
    const known = (await originalsOf(8)).length
    expect(known).toBeGreaterThan(20)
    const row = await catalog.trendingForProvider({ providerId: 8, limit: 5, region: 'US' })
    const page = await catalog.trendingForProvider({ providerId: 8, limit: 20, region: 'US' })
    expect(row.notice).toContain(`5 of the ${known} series made for Netflix.`)
    expect(page.notice).toContain(`20 of the ${known} series made for Netflix.`)
    const all = await catalog.trendingForProvider({ providerId: 8, limit: known, region: 'US' })
    expect(all.notice).toContain(`Offline catalog: ${known} series made for Netflix.`)
  })

  it('know availability only in the US, and say so when they widen to it', async () => {
    const first = await catalog.trendingForProvider({ providerId: 15, limit: 5, region: 'GB' })
    expect(first).toMatchObject({ results: [], needsFallback: true })
    expect(first.notice).toContain('no series made for Hulu known in GB.')
    const fallback = await catalog.trendingForProvider({ providerId: 15, limit: 5, region: 'GB', fallback: true })
    expect(fallback.results).toEqual((await originalsOf(15)).slice(0, 5))
    const known = (await originalsOf(15)).length
    expect(fallback.notice).toContain(
      `5 of the ${known} series made for Hulu. What Hulu streams is known offline only in the US.`,
    )
  })
})
