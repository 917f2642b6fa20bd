import { describe, expect, it } from 'vitest'
import {
  applyToWatchlist,
  emptyStatus,
  foldStatus,
  foldWatchlist,
  libraryChange,
  placeAfterStep,
  type LibraryChange,
} from './libraryChanges'
import { libraryTitle, watchedItem, watchlistItem, watchlistOf, newWatch } from './testing'
import { foldWatchedLog } from './watchedLog'

const film = (tmdbId: number) => ({ tmdbId, mediaType: 'movie' as const })
const add = (tmdbId: number): LibraryChange => ({ kind: 'addToWatchlist', item: watchlistItem(tmdbId, 999) })
const remove = (tmdbId: number): LibraryChange => ({ kind: 'removeFromWatchlist', ref: film(tmdbId), title: 'Film' })
const move = (tmdbId: number, toIndex: number): LibraryChange => ({
  kind: 'moveOnWatchlist',
  ref: film(tmdbId),
  toIndex,
  title: 'Film',
})
const ids = (items: { tmdbId: number }[]) => items.map((item) => item.tmdbId)

describe('the watchlist shown while changes are on their way', () => {
  it('moves a title the way the server does: out of its place, into the new one', () => {
    expect(ids(foldWatchlist(watchlistOf(1, 2, 3, 4), [move(4, 1)]))).toEqual([1, 4, 2, 3])
    expect(ids(foldWatchlist(watchlistOf(1, 2, 3, 4), [move(1, 3)]))).toEqual([2, 3, 4, 1])
  })

  it('keeps places contiguous from 0 after adds, moves and removals', () => {
    const shown = foldWatchlist(watchlistOf(1, 2, 3), [add(9), move(9, 0), remove(2)])
    expect(shown.map((item) => [item.tmdbId, item.order])).toEqual([
      [9, 0],
      [1, 1],
      [3, 2],
    ])
  })

  it('changes nothing when a change the list already holds is folded again', () => {
    const confirmed = foldWatchlist(watchlistOf(1, 2, 3), [add(4)])
    for (const change of [
      add(4),
      move(4, 3),
      remove(7),
      { kind: 'editWatchlistNote', ref: film(8), note: 'x' } as const,
    ]) {
      expect(applyToWatchlist(confirmed, change)).toBe(confirmed)
    }
    const moved = foldWatchlist(watchlistOf(1, 2, 3), [move(3, 0)])
    expect(ids(applyToWatchlist(moved, move(3, 0)))).toEqual([3, 1, 2])
  })

  it('puts an undone removal back in its old place, as the server does, or at the end of a shorter list', () => {
    const [, second] = watchlistOf(1, 2, 3)
    if (!second) throw new Error('no second title')
    const putBack = libraryChange.putBackOnWatchlist(second)
    expect(ids(foldWatchlist(watchlistOf(1, 3), [putBack]))).toEqual([1, 2, 3])
    expect(ids(foldWatchlist(watchlistOf(1), [putBack]))).toEqual([1, 2])
    expect(foldWatchlist(watchlistOf(1, 3), [putBack]).map((item) => item.order)).toEqual([0, 1, 2])
  })

  it('keeps a drag past the end inside the list', () => {
    expect(ids(foldWatchlist(watchlistOf(1, 2, 3), [move(1, 10)]))).toEqual([2, 3, 1])
  })

  it('takes a title one place up or down, or to either end, from where it is; nowhere past an end', () => {
    const items = watchlistOf(1, 2, 3, 4)
    expect(placeAfterStep(items, film(3), 'up')).toBe(1)
    expect(placeAfterStep(items, film(3), 'down')).toBe(3)
    expect(placeAfterStep(items, film(3), 'top')).toBe(0)
    expect(placeAfterStep(items, film(2), 'bottom')).toBe(3)
    expect(placeAfterStep(items, film(1), 'up')).toBeUndefined()
    expect(placeAfterStep(items, film(1), 'top')).toBeUndefined()
    expect(placeAfterStep(items, film(4), 'down')).toBeUndefined()
    expect(placeAfterStep(items, film(9), 'top')).toBeUndefined()
  })

  it('says a move by the neighbour it lands next to on the list shown', () => {
    const shown = watchlistOf(4, 5, 6, 1)
    const placeOf = (tmdbId: number, toIndex: number) =>
      libraryChange.moveOnWatchlist(libraryTitle(tmdbId), toIndex, shown).place
    expect(placeOf(4, 1)).toEqual({ after: film(5) })
    expect(placeOf(1, 1)).toEqual({ before: film(5) })
    expect(placeOf(6, 0)).toEqual({ after: null })
    expect(placeOf(4, 3)).toEqual({ before: null })
    expect(placeOf(4, 0)).toBeUndefined()
    expect(libraryChange.moveOnWatchlist(libraryTitle(4), 1).place).toBeUndefined()
  })

  it('folds a move made on a list changed since the way the server does: next to its neighbour', () => {
    // Shown [IV, V, VI, I]; another tab moved VI, then I, to the top.
    const now = watchlistOf(1, 6, 4, 5)
    const later = libraryChange.moveOnWatchlist(libraryTitle(4), 1, watchlistOf(4, 5, 6, 1))
    expect(ids(applyToWatchlist(now, later))).toEqual([1, 6, 5, 4])
    // Its neighbour gone: the server refuses it, so it shows nothing either.
    expect(ids(applyToWatchlist(watchlistOf(1, 6, 4), later))).toEqual([1, 6, 4])
  })

  it('shows the later changes, not the refused one, when a change in the middle is dropped', () => {
    const changes = [add(5), move(5, 0), remove(1)]
    const withoutRefusedMove = changes.filter((change) => change !== changes[1])
    expect(ids(foldWatchlist(watchlistOf(1, 2), withoutRefusedMove))).toEqual([2, 5])
  })

  it('takes a title off when it is marked watched with "also remove from watchlist"', () => {
    const mark = (removeFromWatchlist: boolean): LibraryChange => ({
      kind: 'markWatched',
      entry: watchedItem('e1', 2),
      removeFromWatchlist,
      serverClock: false,
    })
    expect(ids(foldWatchlist(watchlistOf(1, 2, 3), [mark(true)]))).toEqual([1, 3])
    expect(ids(foldWatchlist(watchlistOf(1, 2, 3), [mark(false)]))).toEqual([1, 2, 3])
  })
})

describe('the watched log and the title status while changes are on their way', () => {
  it('edits and removes entries', () => {
    const log = [watchedItem('a', 1), watchedItem('b', 2)]
    const shown = foldWatchedLog(
      { items: log, total: 2 },
      [
        { kind: 'editWatched', entryId: 'a', changes: { rating: 10, review: 'Even better' } },
        { kind: 'removeWatched', entryId: 'b' },
      ],
      { sort: 'watchedAt', direction: 'desc' },
      false,
    )
    expect(shown).toEqual({ items: [{ ...log[0], rating: 10, review: 'Even better' }], total: 1 })
  })

  it('counts a rewatch and shows its rating, and follows adds and removals', () => {
    const rewatched = foldStatus(
      { ...emptyStatus, inWatchlist: true, timesWatched: 1, lastWatchedAt: '2026-01-01T00:00:00.000Z', lastRating: 4 },
      film(2),
      [
        {
          kind: 'markWatched',
          entry: watchedItem('e2', 2, { rating: 9 }),
          removeFromWatchlist: true,
          serverClock: false,
        },
      ],
    )
    expect(rewatched).toMatchObject({ inWatchlist: false, timesWatched: 2, lastRating: 9 })
    expect(foldStatus(emptyStatus, film(2), [add(2)]).inWatchlist).toBe(true)
    expect(foldStatus(emptyStatus, film(2), [add(2), remove(2)]).inWatchlist).toBe(false)
    expect(foldStatus(emptyStatus, film(2), [add(3)]).inWatchlist).toBe(false)
  })

  it('keeps the last rating of the latest watch when an older date is logged', () => {
    const latest = watchedItem('latest', 2, { watchedAt: '2026-06-01T00:00:00.000Z', rating: 8 })
    const status = {
      ...emptyStatus,
      timesWatched: 1,
      lastWatchedAt: latest.watchedAt,
      lastRating: 8,
      watches: [latest],
    }
    const older = watchedItem('old', 2, { watchedAt: '2020-01-01T00:00:00.000Z', rating: 2 })
    expect(
      foldStatus(status, film(2), [
        { kind: 'markWatched', entry: older, removeFromWatchlist: false, serverClock: false },
      ]),
    ).toMatchObject({
      timesWatched: 2,
      lastRating: 8,
    })
  })
})

describe("a title's own watches on its page while changes are on their way", () => {
  const first = watchedItem('e1', 7, { watchedAt: '2026-01-01T20:00:00.000Z', rating: 6, review: 'Slow.' })
  const second = watchedItem('e2', 7, { watchedAt: '2026-06-01T20:00:00.000Z', rating: 9 })
  const status = {
    ...emptyStatus,
    timesWatched: 2,
    lastWatchedAt: second.watchedAt,
    lastRating: 9,
    watches: [second, first],
  }

  it('puts a new watch among the others, latest first', () => {
    const between = libraryChange.markWatched(
      watchedItem('x', 7),
      newWatch({ watchedAt: '2026-03-01T20:00:00.000Z', rating: 7 }),
      false,
    )
    const shown = foldStatus(status, film(7), [between])
    expect(shown.watches.map((watch) => watch.watchedAt)).toEqual([
      '2026-06-01T20:00:00.000Z',
      '2026-03-01T20:00:00.000Z',
      '2026-01-01T20:00:00.000Z',
    ])
    expect(shown).toMatchObject({ timesWatched: 3, lastRating: 9 })
  })

  it('keeps the rating given before when an unrated rewatch is logged, as the title cards do', () => {
    const unrated = libraryChange.markWatched(
      watchedItem('y', 7),
      newWatch({ watchedAt: '2026-09-01T20:00:00.000Z' }),
      false,
    )
    expect(foldStatus(status, film(7), [unrated])).toMatchObject({
      timesWatched: 3,
      lastWatchedAt: '2026-09-01T20:00:00.000Z',
      lastRating: 9,
    })
    // Removing the rated watch shows the one rated before it.
    expect(foldStatus(status, film(7), [unrated, libraryChange.removeWatched('e2')])).toMatchObject({ lastRating: 6 })
  })

  it('shows an edited review and a removed watch at once', () => {
    const edited = foldStatus(status, film(7), [libraryChange.editWatched('e1', { review: 'Better the second time.' })])
    expect(edited.watches[1]?.review).toBe('Better the second time.')
    const removed = foldStatus(status, film(7), [libraryChange.removeWatched('e2')])
    expect(removed).toMatchObject({ timesWatched: 1, lastWatchedAt: first.watchedAt, lastRating: 6, watches: [first] })
  })

  it("ignores another title's entries", () => {
    expect(foldStatus(status, film(7), [libraryChange.removeWatched('elsewhere')])).toBe(status)
  })
})
