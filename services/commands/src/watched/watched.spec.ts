import { describe, expect, it } from 'vitest'
import {
  TitleWatched,
  WatchedEntryEdited,
  WatchedEntryRemoved,
  WatchedEntryRestored,
} from '@reelmates/contracts/watched'
import { specFor } from '../testing/givenWhenThen'
import {
  InvalidRating,
  NothingToPutBack,
  ReviewChangedElsewhere,
  ReviewTooLong,
  WatchedEntryExists,
  WatchedEntryNotFound,
  WatchedAtNotAnInstant,
  WatchedBeforeDiaries,
  WatchedDayInTheFuture,
  WatchedDayNotOfInstant,
  WatchedInTheFuture,
  watched,
  type WatchedEntry,
} from './watched'

const given = specFor(watched)
const userId = 'u1'
const now = '2026-11-20T20:00:00.000Z'
const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: null, releaseDate: '2021-09-15', voteAverage: 7.8 }
const entry: WatchedEntry = {
  watchedAt: '2026-11-20T18:00:00.000Z',
  watchedOn: null,
  rating: 8,
  recommend: true,
  review: 'Sand, but make it epic.',
  containsSpoilers: false,
  streamingService: 'HBO Max',
  isPrivate: false,
}

const genreIds = [878, 12]
const watchedEvent = (entryId: string, fields: Partial<WatchedEntry> = {}) =>
  TitleWatched({ entryId, userId, ...dune, ...entry, ...fields, media, genreIds })
const markWatched = (entryId: string, fields: Partial<Omit<WatchedEntry, 'watchedAt'>> & { watchedAt?: string } = {}) =>
  ({ type: 'MarkTitleWatched', entryId, userId, now, media, genreIds, ...dune, ...entry, ...fields }) as const
const edit = (entryId: string, changes: Partial<WatchedEntry>) =>
  ({ type: 'EditWatchedEntry', entryId, userId, now, changes }) as const
const remove = (entryId: string) => ({ type: 'RemoveWatchedEntry', entryId, userId }) as const
const putBack = (entryId: string) => ({ type: 'PutWatchedEntryBack', entryId, userId }) as const
const removed = (entryId: string) => WatchedEntryRemoved({ entryId, userId, ...dune })

describe('watched log', () => {
  it('records a title as watched', () =>
    given([])
      .when(markWatched('e1'))
      .then([watchedEvent('e1')]))

  it('records the genres of the title once each, as the catalog gave them', () =>
    given([])
      .when({ ...markWatched('e1'), genreIds: [878, 12, 878] })
      .then([watchedEvent('e1')]))

  it('records a rewatch as a new entry', () =>
    given([watchedEvent('e1')])
      .when(markWatched('e2', { rating: 10 }))
      .then([watchedEvent('e2', { rating: 10 })]))

  it('refuses a second entry with the same id', () =>
    given([watchedEvent('e1')])
      .when(markWatched('e1'))
      .thenThrows(WatchedEntryExists))

  it('accepts a watch at this very moment', () =>
    given([])
      .when(markWatched('e1', { watchedAt: now }))
      .then([watchedEvent('e1', { watchedAt: now })]))

  it('accepts a watch a few minutes ahead, from a browser whose clock runs fast', () =>
    given([])
      .when(markWatched('e1', { watchedAt: '2026-11-20T20:05:00.000Z' }))
      .then([watchedEvent('e1', { watchedAt: '2026-11-20T20:05:00.000Z' })]))

  it('refuses a watch more than the clock tolerance ahead', () =>
    given([])
      .when(markWatched('e1', { watchedAt: '2026-11-20T20:05:00.001Z' }))
      .thenThrows(WatchedInTheFuture))

  it('refuses a watch in the future', () =>
    given([])
      .when(markWatched('e1', { watchedAt: '2026-11-21T00:00:00.000Z' }))
      .thenThrows(WatchedInTheFuture, 'That time has not come yet: check the date and time on your device.'))

  it('refuses ratings outside 1 to 10 and half points', () => {
    for (const rating of [0, 11, 7.5]) {
      given([])
        .when(markWatched('e1', { rating }))
        .thenThrows(InvalidRating, 'rating must be a whole number from 1 to 10')
    }
  })

  it('allows no rating, no recommendation and no review', () =>
    given([])
      .when(markWatched('e1', { rating: null, recommend: null, review: null, streamingService: null }))
      .then([watchedEvent('e1', { rating: null, recommend: null, review: null, streamingService: null })]))

  it('refuses a review over 5,000 characters', () =>
    given([])
      .when(markWatched('e1', { review: 'x'.repeat(5001) }))
      .thenThrows(ReviewTooLong, 'A review can be at most 5000 characters'))

  it('keeps a review of exactly 5,000 characters', () => {
    const review = 'x'.repeat(5000)
    given([])
      .when(markWatched('e1', { review }))
      .then([watchedEvent('e1', { review })])
  })

  it('counts a review in characters, as the form and the API do: 5,000 emoji fit and 5,001 do not', () => {
    const review = '🎬'.repeat(5000)
    given([])
      .when(markWatched('e1', { review }))
      .then([watchedEvent('e1', { review })])
    given([])
      .when(markWatched('e1', { review: `${review}🎬` }))
      .thenThrows(ReviewTooLong, 'A review can be at most 5000 characters')
  })

  it('keeps blank text as none', () =>
    given([])
      .when(markWatched('e1', { review: '  ', streamingService: ' ' }))
      .then([watchedEvent('e1', { review: null, streamingService: null })]))

  describe('spoilers', () => {
    it('records a review its writer says gives something away', () =>
      given([])
        .when(markWatched('e1', { containsSpoilers: true }))
        .then([watchedEvent('e1', { containsSpoilers: true })]))

    it('keeps no spoiler mark without a review', () =>
      given([])
        .when(markWatched('e1', { review: ' ', containsSpoilers: true }))
        .then([watchedEvent('e1', { review: null, containsSpoilers: false })]))

    it('marks or unmarks a review on its own', () =>
      given([watchedEvent('e1')])
        .when(edit('e1', { containsSpoilers: true }))
        .then([WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, containsSpoilers: true })]))

    it('drops the mark with the review it was about', () =>
      given([watchedEvent('e1', { containsSpoilers: true })])
        .when(edit('e1', { review: null }))
        .then([
          WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, review: null, containsSpoilers: false }),
        ]))

    it('keeps the mark when only the review is rewritten', () =>
      given([watchedEvent('e1', { containsSpoilers: true })])
        .when(edit('e1', { review: 'The ending, though.' }))
        .then([
          WatchedEntryEdited({
            entryId: 'e1',
            userId,
            ...dune,
            ...entry,
            review: 'The ending, though.',
            containsSpoilers: true,
          }),
        ]))
  })

  it('edits an entry, keeping what was not changed', () =>
    given([watchedEvent('e1')])
      .when(edit('e1', { rating: 9, isPrivate: true }))
      .then([WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, rating: 9, isPrivate: true })]))

  it('applies the same rules to an edit', () =>
    given([watchedEvent('e1')])
      .when(edit('e1', { watchedAt: '2027-01-01T00:00:00.000Z' }))
      .thenThrows(WatchedInTheFuture))

  it('does nothing when an edit changes nothing', () =>
    given([watchedEvent('e1')])
      .when(edit('e1', { rating: 8 }))
      .thenNothingHappens())

  describe('a review edit begun from an older review (another device)', () => {
    const reviewed = (review: string | null) => watchedEvent('e1', { review })
    const reviewEdit = (review: string | null, previousReview: string | null, changes: Partial<WatchedEntry> = {}) =>
      ({ ...edit('e1', { review, ...changes }), previousReview }) as const
    const editedTo = (fields: Partial<WatchedEntry>) =>
      WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, ...fields })

    it('is refused when the review has changed since, whatever else it changes', () =>
      given([reviewed('A: loved the score')])
        .when(reviewEdit('B: too long', null, { rating: 9 }))
        .thenThrows(ReviewChangedElsewhere, 'This review was changed on another device since you opened it.'))

    it('is taken when the review is still the one it began from (spaces aside)', () =>
      given([reviewed('A: loved the score')])
        .when(reviewEdit('A: loved the score, and the sound', ' A: loved the score '))
        .then([editedTo({ review: 'A: loved the score, and the sound' })]))

    it('agrees with another device that wrote the same words', () =>
      given([reviewed('Same words')])
        .when(reviewEdit('Same words', null))
        .thenNothingHappens())

    it('is taken as it comes without a basis, as before', () =>
      given([reviewed('A: loved the score')])
        .when(edit('e1', { review: 'B: too long' }))
        .then([editedTo({ review: 'B: too long' })]))

    it('leaves an edit that does not touch the review alone', () =>
      given([reviewed('A: loved the score')])
        .when({ ...edit('e1', { rating: 9 }), previousReview: null })
        .then([editedTo({ review: 'A: loved the score', rating: 9 })]))
  })

  it('refuses to edit an entry that does not exist', () =>
    given([])
      .when(edit('nope', { rating: 5 }))
      .thenThrows(WatchedEntryNotFound, 'This entry is not in your watched log.'))

  it('removes an entry', () =>
    given([watchedEvent('e1')])
      .when(remove('e1'))
      .then([WatchedEntryRemoved({ entryId: 'e1', userId, ...dune })]))

  it('refuses to remove an entry twice', () =>
    given([watchedEvent('e1'), WatchedEntryRemoved({ entryId: 'e1', userId, ...dune })])
      .when(remove('e1'))
      .thenThrows(WatchedEntryNotFound))

  it('keeps the edited fields in its state', () => {
    const state = given([
      watchedEvent('e1'),
      WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, rating: 3 }),
    ]).state()
    expect(state.entries.get('e1')?.rating).toBe(3)
  })

  describe('putting a removed entry back (the undo of a removal)', () => {
    it('gives back the entry as it was, with its id, title and genres', () =>
      given([watchedEvent('e1'), removed('e1')])
        .when(putBack('e1'))
        .then([WatchedEntryRestored({ entryId: 'e1', userId, ...dune, ...entry, media, genreIds })]))

    it('gives back the entry as last edited, not as first logged', () =>
      given([
        watchedEvent('e1'),
        WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, rating: 3, review: 'Changed my mind' }),
        removed('e1'),
      ])
        .when(putBack('e1'))
        .then([
          WatchedEntryRestored({
            entryId: 'e1',
            userId,
            ...dune,
            ...entry,
            rating: 3,
            review: 'Changed my mind',
            media,
            genreIds,
          }),
        ]))

    it('refuses an entry that is in the log', () =>
      given([watchedEvent('e1')])
        .when(putBack('e1'))
        .thenThrows(WatchedEntryExists))

    it('refuses an entry never removed, or never logged', () => {
      given([watchedEvent('e1')])
        .when(putBack('e2'))
        .thenThrows(
          NothingToPutBack,
          'This entry was not removed from your watched log, so there is nothing to put back.',
        )
      given([]).when(putBack('e1')).thenThrows(NothingToPutBack)
    })

    it('refuses to put the same entry back twice', () =>
      given([
        watchedEvent('e1'),
        removed('e1'),
        WatchedEntryRestored({ entryId: 'e1', userId, ...dune, ...entry, media, genreIds }),
      ])
        .when(putBack('e1'))
        .thenThrows(WatchedEntryExists))

    it('lets an entry put back be edited and removed again', () => {
      const back = [
        watchedEvent('e1'),
        removed('e1'),
        WatchedEntryRestored({ entryId: 'e1', userId, ...dune, ...entry, media, genreIds }),
      ]
      given(back)
        .when(edit('e1', { rating: 10 }))
        .then([WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, rating: 10 })])
      given(back)
        .when(remove('e1'))
        .then([removed('e1')])
    })
  })
})

describe("a diary entry's day on its writer's calendar", () => {
  const editedTo = (fields: Partial<WatchedEntry>) =>
    WatchedEntryEdited({ entryId: 'e1', userId, ...dune, ...entry, ...fields })

  // now is 20 November 20:00 UTC: already the 21st from UTC+4 east, still the 20th everywhere west.
  it('is kept with the instant, even when the instant is another day in UTC', () =>
    given([])
      .when(markWatched('e1', { watchedAt: now, watchedOn: '2026-11-21' }))
      .then([watchedEvent('e1', { watchedAt: now, watchedOn: '2026-11-21' })]))

  it('is refused when no clock showed that day at that instant', () => {
    given([])
      .when(markWatched('e1', { watchedAt: '2026-11-20T18:00:00.000Z', watchedOn: '2026-11-18' }))
      .thenThrows(WatchedDayNotOfInstant, 'watchedOn must be the day of watchedAt')
    // 18:00 UTC is the 21st only from UTC+6 east; 11:59 UTC is the 20th up to UTC+12 but not at +14.
    given([])
      .when(markWatched('e1', { watchedAt: '2026-11-20T09:59:00.000Z', watchedOn: '2026-11-21' }))
      .thenThrows(WatchedDayNotOfInstant)
    given([])
      .when(markWatched('e1', { watchedAt: '2026-11-20T10:00:00.000Z', watchedOn: '2026-11-21' }))
      .then([watchedEvent('e1', { watchedAt: '2026-11-20T10:00:00.000Z', watchedOn: '2026-11-21' })])
  })

  it('is refused when that day has begun nowhere yet', () =>
    given([])
      .when(markWatched('e1', { watchedAt: undefined, watchedOn: '2026-11-22' }))
      .thenThrows(WatchedDayInTheFuture, 'That day has not begun yet: check the date on your device.'))

  it('without an instant, is now when it is that day somewhere', () =>
    given([])
      .when(markWatched('e1', { watchedAt: undefined, watchedOn: '2026-11-20' }))
      .then([watchedEvent('e1', { watchedAt: now, watchedOn: '2026-11-20' })]))

  it('without an instant, keeps an earlier day (a watch sent late) at noon UTC of that day', () =>
    given([])
      .when(markWatched('e1', { watchedAt: undefined, watchedOn: '2026-11-18' }))
      .then([watchedEvent('e1', { watchedAt: '2026-11-18T12:00:00.000Z', watchedOn: '2026-11-18' })]))

  it('without an instant or a day, is now and unknown', () =>
    given([])
      .when(markWatched('e1', { watchedAt: undefined, watchedOn: null }))
      .then([watchedEvent('e1', { watchedAt: now, watchedOn: null })]))

  it('moves with an edit that gives both', () =>
    given([watchedEvent('e1', { watchedOn: '2026-11-20' })])
      .when(edit('e1', { watchedAt: '2026-11-02T17:00:00.000Z', watchedOn: '2026-11-02' }))
      .then([editedTo({ watchedAt: '2026-11-02T17:00:00.000Z', watchedOn: '2026-11-02' })]))

  it('becomes unknown when an edit moves the instant alone', () =>
    given([watchedEvent('e1', { watchedOn: '2026-11-20' })])
      .when(edit('e1', { watchedAt: '2026-11-20T19:00:00.000Z' }))
      .then([editedTo({ watchedAt: '2026-11-20T19:00:00.000Z', watchedOn: null })]))

  it('given alone in an edit, keeps an instant of that day and moves one that is not', () => {
    given([watchedEvent('e1', { watchedOn: '2026-11-20' })])
      .when(edit('e1', { watchedOn: '2026-11-21' }))
      .then([editedTo({ watchedOn: '2026-11-21' })])
    given([watchedEvent('e1', { watchedOn: '2026-11-20' })])
      .when(edit('e1', { watchedOn: '2026-11-10' }))
      .then([editedTo({ watchedAt: '2026-11-10T12:00:00.000Z', watchedOn: '2026-11-10' })])
  })

  it('is refused before 1900, given as a day or as an instant alone', () => {
    given([])
      .when(markWatched('e1', { watchedAt: undefined, watchedOn: '0001-01-01' }))
      .thenThrows(WatchedBeforeDiaries, 'A watch can be from 1900-01-01 on, not before')
    given([])
      .when(markWatched('e1', { watchedAt: '1899-12-31T12:00:00.000Z', watchedOn: null }))
      .thenThrows(WatchedBeforeDiaries)
    given([watchedEvent('e1', { watchedOn: '2026-11-20' })])
      .when(edit('e1', { watchedOn: '1026-11-20' }))
      .thenThrows(WatchedBeforeDiaries)
    given([])
      .when(markWatched('e1', { watchedAt: '1900-01-01T12:00:00.000Z', watchedOn: '1900-01-01' }))
      .then([watchedEvent('e1', { watchedAt: '1900-01-01T12:00:00.000Z', watchedOn: '1900-01-01' })])
  })

  it('records an instant in one form, UTC, whatever offset it came with', () =>
    given([])
      .when(markWatched('e1', { watchedAt: '2026-11-15T20:00:00+09:00', watchedOn: '2026-11-15' }))
      .then([watchedEvent('e1', { watchedAt: '2026-11-15T11:00:00.000Z', watchedOn: '2026-11-15' })]))

  it('refuses an instant that is no instant', () =>
    given([])
      .when(markWatched('e1', { watchedAt: 'yesterday', watchedOn: null }))
      .thenThrows(WatchedAtNotAnInstant))

  it('is refused in an edit that gives a day and an instant that disagree', () =>
    given([watchedEvent('e1', { watchedOn: '2026-11-20' })])
      .when(edit('e1', { watchedAt: '2026-11-02T17:00:00.000Z', watchedOn: '2026-11-20' }))
      .thenThrows(WatchedDayNotOfInstant))
})
