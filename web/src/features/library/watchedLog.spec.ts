import { describe, expect, it } from 'vitest'
import type { WatchedFilters } from './libraryCalls'
import { libraryChange, type LibraryChange } from './libraryChanges'
import { libraryTitle, watchedItem, newWatch } from './testing'
import { compareWatched, confirmInPages, foldWatchedLog, matchesWatchedFilters } from './watchedLog'

const latestFirst: WatchedFilters = { sort: 'watchedAt', direction: 'desc' }
const log = {
  items: [
    watchedItem('a', 1, { watchedAt: '2026-11-12T20:00:00.000Z', rating: 6 }),
    watchedItem('b', 2, { watchedAt: '2026-11-10T20:00:00.000Z', rating: 9 }),
  ],
  total: 2,
}
const logged = (watchedAt: string, fields: Partial<{ rating: number; streamingService: string }> = {}) =>
  libraryChange.markWatched(
    libraryTitle(7),
    newWatch({ watchedAt, rating: fields.rating ?? null, streamingService: fields.streamingService ?? null }),
    false,
  )
const ids = (items: { id: string }[]) => items.map((item) => item.id)

describe('the watched log while a new watch is on its way', () => {
  it('shows the new entry in its place and counts it', () => {
    const watch = logged('2026-11-11T20:00:00.000Z')
    const shown = foldWatchedLog(log, [watch], latestFirst, false)
    expect(ids(shown.items)).toEqual(['a', watch.entry.id, 'b'])
    expect(shown.total).toBe(3)
  })

  it('puts a watch logged just now at the top of the newest-first log', () => {
    const watch = libraryChange.markWatched(libraryTitle(7), newWatch(), true)
    expect(ids(foldWatchedLog(log, [watch], latestFirst, true).items)[0]).toBe(watch.entry.id)
  })

  it('follows the sort: by rating, ties latest first', () => {
    const watch = logged('2026-11-11T20:00:00.000Z', { rating: 6 })
    const [a, b] = log.items
    if (!a || !b) throw new Error('the log has two entries')
    const byRating = foldWatchedLog({ ...log, items: [b, a] }, [watch], { sort: 'rating', direction: 'desc' }, false)
    expect(ids(byRating.items)).toEqual(['b', 'a', watch.entry.id])
    const lowestFirst = foldWatchedLog(log, [watch], { sort: 'rating', direction: 'asc' }, false)
    expect(ids(lowestFirst.items)).toEqual(['a', watch.entry.id, 'b'])
  })

  it('puts a watch without a rating after the rated ones, whichever way ratings run', () => {
    const watch = logged('2026-11-13T20:00:00.000Z')
    const [a, b] = log.items
    if (!a || !b) throw new Error('the log has two entries')
    const lowestFirst = foldWatchedLog(log, [watch], { sort: 'rating', direction: 'asc' }, false)
    expect(ids(lowestFirst.items)).toEqual(['a', 'b', watch.entry.id])
    const highestFirst = foldWatchedLog(
      { ...log, items: [b, a] },
      [watch],
      { sort: 'rating', direction: 'desc' },
      false,
    )
    expect(ids(highestFirst.items)).toEqual(['b', 'a', watch.entry.id])
  })

  it('places a new watch among titles as the server sorts them, whatever their case', () => {
    const byTitle = {
      items: [watchedItem('a', 1, { title: 'Eastbound & Down' }), watchedItem('b', 2, { title: 'Sex and the City' })],
      total: 2,
    }
    const watch = libraryChange.markWatched(
      { ...libraryTitle(7), title: 'ET: The Extra-Terrestrial' },
      newWatch(),
      false,
    )
    const shown = foldWatchedLog(byTitle, [watch], { sort: 'title', direction: 'asc' }, false)
    expect(ids(shown.items)).toEqual(['a', watch.entry.id, 'b'])
  })

  it('leaves out and does not count a watch the filters leave out', () => {
    const watch = logged('2026-11-11T20:00:00.000Z', { rating: 4, streamingService: 'Hulu' })
    for (const filters of [
      { ...latestFirst, minRating: 6 },
      { ...latestFirst, streamingService: 'Netflix' },
      { ...latestFirst, mediaType: 'tv' as const },
    ])
      expect(foldWatchedLog(log, [watch], filters, false)).toEqual(log)
    expect(ids(foldWatchedLog(log, [watch], { ...latestFirst, streamingService: 'hulu' }, false).items)).toContain(
      watch.entry.id,
    )
  })

  it('counts but does not show a watch that sorts past the pages loaded so far', () => {
    const watch = logged('2026-01-01T20:00:00.000Z')
    expect(foldWatchedLog(log, [watch], latestFirst, true)).toEqual({ items: log.items, total: 3 })
    expect(ids(foldWatchedLog(log, [watch], latestFirst, false).items)).toEqual(['a', 'b', watch.entry.id])
  })

  it('counts a removal, and an undone removal puts the entry back once', () => {
    const [first] = log.items
    if (!first) throw new Error('the log has entries')
    const removed: LibraryChange = libraryChange.removeWatched(first.id)
    expect(foldWatchedLog(log, [removed], latestFirst, false)).toEqual({ items: log.items.slice(1), total: 1 })
    expect(foldWatchedLog(log, [removed, libraryChange.putBackWatched(first)], latestFirst, false)).toEqual(log)
    expect(foldWatchedLog(log, [libraryChange.putBackWatched(first)], latestFirst, false)).toEqual(log)
  })
})

describe('the cached pages once the server took a change', () => {
  const pages = (...lengths: number[]) => {
    let next = 0
    const all = Array.from({ length: lengths.reduce((a, b) => a + b, 0) }, (_, index) =>
      watchedItem(`e${index}`, index + 1, {
        watchedAt: `2026-11-${String(28 - index).padStart(2, '0')}T20:00:00.000Z`,
      }),
    )
    return {
      pageParams: lengths.map((_, index) => index + 1),
      pages: lengths.map((length, index) => {
        const items = all.slice(next, next + length)
        next += length
        return { items, page: index + 1, pageSize: 3, total: 5 }
      }),
    }
  }

  it('keeps the new watch in its place, in the page it falls in, and counts it on every page', () => {
    const watch = logged('2026-11-26T22:00:00.000Z')
    const confirmed = confirmInPages(pages(3, 2), watch, latestFirst)
    expect(confirmed.pages.map((page) => ids(page.items))).toEqual([
      ['e0', 'e1', watch.entry.id],
      ['e2', 'e3', 'e4'],
    ])
    expect(confirmed.pages.map((page) => page.total)).toEqual([6, 6])
  })

  it('takes a removed entry out and counts one fewer', () => {
    const confirmed = confirmInPages(pages(3, 2), libraryChange.removeWatched('e1'), latestFirst)
    expect(confirmed.pages.map((page) => ids(page.items))).toEqual([['e0', 'e2', 'e3'], ['e4']])
    expect(confirmed.pages[0]?.total).toBe(4)
  })
})

describe('an entry the server has not got yet, under the "Not rated" filter', () => {
  const filters: WatchedFilters = { sort: 'watchedAt', direction: 'desc', unrated: true }
  it('is shown without a rating and left out with one', () => {
    expect(matchesWatchedFilters(watchedItem('a', 1, { rating: null }), filters)).toBe(true)
    expect(matchesWatchedFilters(watchedItem('b', 2, { rating: 6 }), filters)).toBe(false)
  })
})

describe('the watched log sorted by release date', () => {
  it('puts titles without a release date last, whichever way dates run, as the server does', () => {
    const entries = [
      watchedItem('heat', 1, { releaseDate: '1995-12-15' }),
      watchedItem('undated', 2, { releaseDate: null }),
      watchedItem('arrival', 3, { releaseDate: '2016-11-11' }),
    ]
    const sorted = (direction: 'asc' | 'desc') =>
      ids([...entries].sort(compareWatched({ sort: 'releaseDate', direction })))
    expect(sorted('asc')).toEqual(['heat', 'arrival', 'undated'])
    expect(sorted('desc')).toEqual(['arrival', 'heat', 'undated'])
  })
})

describe('the watched log sorted by date watched', () => {
  it('goes by the day the diary shows, then the instant, as the server does', () => {
    const entries = [
      // "Today" late on 29 November in Los Angeles: already the 30th in UTC.
      watchedItem('la', 1, { watchedOn: '2026-11-29', watchedAt: '2026-11-30T07:30:00.000Z' }),
      // "Yesterday", the 30th, in Auckland: still the 29th in UTC.
      watchedItem('akl', 2, { watchedOn: '2026-11-30', watchedAt: '2026-11-29T23:00:00.000Z' }),
      watchedItem('akl-late', 3, { watchedOn: '2026-11-30', watchedAt: '2026-11-30T09:00:00.000Z' }),
      // A day unknown: its instant's UTC day.
      watchedItem('unknown', 4, { watchedOn: null, watchedAt: '2026-11-29T12:00:00.000Z' }),
    ]
    const sorted = (direction: 'asc' | 'desc') =>
      ids([...entries].sort(compareWatched({ sort: 'watchedAt', direction })))
    expect(sorted('desc')).toEqual(['akl-late', 'akl', 'la', 'unknown'])
    expect(sorted('asc')).toEqual(['unknown', 'la', 'akl', 'akl-late'])
  })
})
