import { describe, expect, it } from 'vitest'
import { TitleNotFound } from '@reelmates/infra/catalog/port'
import type { MediaDetails } from '@reelmates/contracts/catalog'
import { titlePageExists } from './titlePages'

const found = { id: 1 } as unknown as MediaDetails
const never = new Promise<MediaDetails>(() => undefined)

describe('whether a title page names a title', () => {
  it('is so for a title the catalog has, and not for one it says does not exist or an id that is none', async () => {
    const exists = titlePageExists({
      details: (mediaType, id) =>
        id === 1 ? Promise.resolve(found) : Promise.reject(new TitleNotFound(mediaType, id)),
    })
    expect(await exists('/media/movie/1')).toBe(true)
    expect(await exists('/media/movie/2')).toBe(false)
    expect(await exists('/media/movie/abc')).toBe(false)
    expect(await exists('/media/book/1')).toBe(false)
    expect(await exists('/home')).toBe(true)
  })

  it('is taken as so when the catalog fails or is slow: the page is not held up, nor called missing', async () => {
    const failing = titlePageExists({ details: () => Promise.reject(new Error('TMDB is down')) })
    expect(await failing('/media/movie/1')).toBe(true)
    const slow = titlePageExists({ details: () => never }, 20)
    const started = performance.now()
    expect(await slow('/media/tv/1')).toBe(true)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})
