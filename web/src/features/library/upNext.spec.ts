import { describe, expect, it } from 'vitest'
import { watchlistItem } from './testing'
import { asMediaResult, upNextMax, upNextOf } from './upNext'

describe("home's Up next", () => {
  it('is the head of my watchlist in my own order, at most a row of it', () => {
    const items = Array.from({ length: upNextMax + 5 }, (_, index) => watchlistItem(100 + index, upNextMax + 5 - index))
    const shown = upNextOf(items)
    expect(shown).toHaveLength(upNextMax)
    expect(shown.map((title) => title.id)).toEqual(
      [...items]
        .sort((a, b) => a.order - b.order)
        .slice(0, upNextMax)
        .map((item) => item.tmdbId),
    )
  })

  it('shows a title as the watchlist keeps it, a series by its name, and no catalog score it has no votes for', () => {
    const film = asMediaResult(
      watchlistItem(603, 0, { title: 'The Matrix', releaseDate: '1999-03-31', posterPath: '/m.jpg' }),
    )
    expect(film).toMatchObject({
      id: 603,
      media_type: 'movie',
      title: 'The Matrix',
      release_date: '1999-03-31',
      poster_path: '/m.jpg',
    })
    expect(film.vote_count).toBe(0)
    const series = asMediaResult(
      watchlistItem(1396, 1, { mediaType: 'tv', title: 'Breaking Bad', releaseDate: '2008' }),
    )
    expect(series).toMatchObject({ media_type: 'tv', name: 'Breaking Bad', first_air_date: '2008' })
    expect(series.title).toBeUndefined()
  })
})
