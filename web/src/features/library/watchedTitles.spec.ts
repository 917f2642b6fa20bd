import type { WatchedTitle } from '@reelmates/contracts/watched'
import { describe, expect, it } from 'vitest'
import { libraryChange } from './libraryChanges'
import { watchedItem, newWatch } from './testing'
import { foldWatchedTitles, watchedTitlesByKey } from './watchedTitles'

const seen = (tmdbId: number, extra: Partial<WatchedTitle> = {}): WatchedTitle => ({
  tmdbId,
  mediaType: 'movie',
  timesWatched: 1,
  lastWatchedAt: '2026-06-01T20:00:00.000Z',
  rating: 6,
  ...extra,
})
const watch = (tmdbId: number, watchedAt: string, rating: number | null) =>
  libraryChange.markWatched(watchedItem('x', tmdbId), newWatch({ watchedAt, rating }), false)

describe('the watched marks shown while changes are on their way', () => {
  it('marks a title watched at once, with the rating just given', () => {
    expect(foldWatchedTitles([], [watch(7, '2026-07-01T20:00:00.000Z', 9)])).toEqual([
      seen(7, { lastWatchedAt: '2026-07-01T20:00:00.000Z', rating: 9 }),
    ])
  })

  it('counts a rewatch and shows its rating, or keeps the earlier rating when it has none', () => {
    const later = '2026-07-01T20:00:00.000Z'
    expect(foldWatchedTitles([seen(7)], [watch(7, later, 9)])).toEqual([
      seen(7, { timesWatched: 2, lastWatchedAt: later, rating: 9 }),
    ])
    expect(foldWatchedTitles([seen(7)], [watch(7, later, null)])).toEqual([
      seen(7, { timesWatched: 2, lastWatchedAt: later, rating: 6 }),
    ])
  })

  it('does not let an older watch logged now replace the latest rating', () => {
    expect(foldWatchedTitles([seen(7)], [watch(7, '2025-01-01T20:00:00.000Z', 2)])).toEqual([
      seen(7, { timesWatched: 2 }),
    ])
  })

  it('leaves the marks alone for changes that do not name a title', () => {
    const titles = [seen(7)]
    expect(
      foldWatchedTitles(titles, [libraryChange.removeWatched('e1'), libraryChange.editWatched('e1', { rating: 3 })]),
    ).toBe(titles)
  })

  it('finds a title by type and id, never a film by a series with the same id', () => {
    const index = watchedTitlesByKey([seen(7), seen(8, { mediaType: 'tv' })])
    expect(index.get('movie:7')?.rating).toBe(6)
    expect(index.get('tv:7')).toBeUndefined()
  })
})
