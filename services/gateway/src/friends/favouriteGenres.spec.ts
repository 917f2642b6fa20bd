import { describe, expect, it } from 'vitest'
import { CatalogUnavailable, type Catalog } from '@reelmates/infra/catalog/port'
import { favouriteGenres } from './favouriteGenres'

const catalogWith = (genres: Catalog['genres']) => ({ genres }) as unknown as Catalog
const listed = catalogWith(() =>
  Promise.resolve({
    movie: [
      { id: 18, name: 'Drama' },
      { id: 80, name: 'Crime' },
      { id: 878, name: 'Science Fiction' },
    ],
    tv: [{ id: 10765, name: 'Sci-Fi & Fantasy' }],
  }),
)

describe('favourite genres', () => {
  it('names the first 3 the catalog knows, in the order counted', async () => {
    const counts = [
      { id: 18, watches: 5 },
      { id: 999, watches: 4 },
      { id: 10765, watches: 3 },
      { id: 80, watches: 2 },
      { id: 878, watches: 1 },
    ]
    expect(await favouriteGenres(listed, counts)).toEqual([
      { id: 18, name: 'Drama', watches: 5 },
      { id: 10765, name: 'Sci-Fi & Fantasy', watches: 3 },
      { id: 80, name: 'Crime', watches: 2 },
    ])
  })

  it('leaves them out when the catalog cannot answer, and rethrows anything else', async () => {
    const down = catalogWith(() => Promise.reject(new CatalogUnavailable('Failed to get genres')))
    expect(await favouriteGenres(down, [{ id: 18, watches: 1 }])).toEqual([])
    const broken = catalogWith(() => Promise.reject(new TypeError('bug')))
    await expect(favouriteGenres(broken, [{ id: 18, watches: 1 }])).rejects.toThrow('bug')
  })
})
