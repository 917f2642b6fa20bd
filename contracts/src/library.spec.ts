import { describe, expect, it } from 'vitest'
import { eventDefinition, parseEventData } from './events'
import { TitleWatched, WatchedEntryEdited, WatchedEntryRemoved, WatchedEntryRestored } from './watched'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  WatchlistNoteEdited,
  WatchlistTitleMoved,
} from './watchlist'

const dune = { tmdbId: 438631, mediaType: 'movie' as const }
const media = { title: 'Dune', posterPath: null, releaseDate: '2021-09-15', voteAverage: 7.8 }
const entry = {
  entryId: 'e1',
  userId: 'u1',
  ...dune,
  watchedAt: '2026-11-20T18:00:00.000Z',
  watchedOn: '2026-11-20',
  rating: 8,
  recommend: true,
  review: 'Epic',
  containsSpoilers: false,
  streamingService: 'HBO Max',
  isPrivate: false,
}

const added = { userId: 'u1', ...dune, note: 'IMAX', addedAt: '2026-11-01T00:00:00.000Z', media, streamingOn: [8] }

/** One event of each library type, as its current version stores it. */
const stored = [
  TitleAddedToWatchlist(added),
  TitleRemovedFromWatchlist({ userId: 'u1', ...dune }),
  TitlePutBackOnWatchlist(added),
  WatchlistTitleMoved({ userId: 'u1', ...dune, toIndex: 2 }),
  WatchlistNoteEdited({ userId: 'u1', ...dune, note: null }),
  TitleWatched({ ...entry, media, genreIds: [878, 12] }),
  WatchedEntryEdited(entry),
  WatchedEntryRemoved({ entryId: 'e1', userId: 'u1', ...dune }),
  WatchedEntryRestored({ ...entry, media, genreIds: [878, 12] }),
]

const currentVersions: Record<string, number> = {
  TitleAddedToWatchlist: 2,
  TitleWatched: 4,
  WatchedEntryEdited: 3,
  WatchedEntryRestored: 3,
}

describe('library events', () => {
  it('are at their current version and read back from it as they were stored', () => {
    for (const event of stored) {
      const version = currentVersions[event.type] ?? 1
      expect(eventDefinition(event.type)?.version, event.type).toBe(version)
      expect(parseEventData(event.type, event.data, version), event.type).toEqual(event.data)
    }
  })

  it('upcast a watchlist add stored at version 1: it knew no streaming services, and says so', () => {
    const { streamingOn: _none, ...v1 } = stored[0]!.data as Record<string, unknown>
    // Unknown, not "streamed nowhere": a digest must not call what streams it today new.
    expect(parseEventData('TitleAddedToWatchlist', v1, 1)).toEqual({ ...v1, streamingOn: [], streamingUnknown: true })
    expect(() => parseEventData('TitleAddedToWatchlist', v1, 2)).toThrow()
  })

  it('upcast a watch stored at version 1: it knew no genres', () => {
    const { containsSpoilers: _unknownThen, watchedOn: _unknownToo, ...v1 } = { ...entry, media }
    expect(parseEventData('TitleWatched', v1, 1)).toEqual({
      ...v1,
      genreIds: [],
      containsSpoilers: true,
      watchedOn: null,
    })
    expect(() => parseEventData('TitleWatched', v1, 4)).toThrow()
  })

  it('upcast a watch stored before its writer could mark spoilers: a review stays covered, as every review was', () => {
    const { containsSpoilers: _unknownThen, ...before } = { ...entry, watchedOn: null }
    const reviewed = { ...before, media, genreIds: [878] }
    const unreviewed = { ...reviewed, review: null }
    expect(parseEventData('TitleWatched', reviewed, 2)).toEqual({ ...reviewed, containsSpoilers: true })
    expect(parseEventData('TitleWatched', unreviewed, 2)).toEqual({ ...unreviewed, containsSpoilers: false })
    expect(parseEventData('WatchedEntryEdited', before, 1)).toEqual({ ...before, containsSpoilers: true })
    expect(parseEventData('WatchedEntryEdited', { ...before, review: null }, 1)).toMatchObject({
      containsSpoilers: false,
    })
    expect(parseEventData('WatchedEntryRestored', reviewed, 1)).toEqual({ ...reviewed, containsSpoilers: true })
    // What a writer said is kept as they said it.
    expect(parseEventData('TitleWatched', { ...reviewed, containsSpoilers: false }, 3)).toMatchObject({
      containsSpoilers: false,
    })
    expect(() => parseEventData('WatchedEntryEdited', before, 3)).toThrow()
  })

  it("upcast a watch stored before its writer's day was kept: the day is unknown", () => {
    const { watchedOn: _unknownThen, ...before } = entry
    const recorded = { ...before, media, genreIds: [878] }
    expect(parseEventData('TitleWatched', recorded, 3)).toEqual({ ...recorded, watchedOn: null })
    expect(parseEventData('WatchedEntryEdited', before, 2)).toEqual({ ...before, watchedOn: null })
    expect(parseEventData('WatchedEntryRestored', recorded, 2)).toEqual({ ...recorded, watchedOn: null })
    expect(() => parseEventData('TitleWatched', recorded, 4)).toThrow()
  })

  it('keep the note and the review as personal data of the user', () => {
    expect(eventDefinition('TitleAddedToWatchlist')?.personal).toEqual({ subjectField: 'userId', fields: ['note'] })
    expect(eventDefinition('WatchlistNoteEdited')?.personal?.fields).toEqual(['note'])
    expect(eventDefinition('TitlePutBackOnWatchlist')?.personal?.fields).toEqual(['note'])
    expect(eventDefinition('TitleWatched')?.personal).toEqual({ subjectField: 'userId', fields: ['review'] })
    expect(eventDefinition('WatchedEntryEdited')?.personal?.fields).toEqual(['review'])
    expect(eventDefinition('WatchedEntryRestored')?.personal?.fields).toEqual(['review'])
    expect(eventDefinition('WatchlistTitleMoved')?.personal).toBeUndefined()
  })

  it('read back an erased user’s events with the personal fields gone', () => {
    const [added] = stored
    const erased = { ...added!.data, note: null }
    expect(parseEventData('TitleAddedToWatchlist', erased, 2, { personalDataErased: true })).toEqual(erased)
    expect(
      parseEventData('TitleWatched', { ...entry, review: null, media }, 1, { personalDataErased: true }),
    ).toMatchObject({ review: null, rating: 8 })
  })

  it('refuse stored data that does not match', () => {
    expect(() => parseEventData('WatchlistTitleMoved', { userId: 'u1', ...dune, toIndex: -1 }, 1)).toThrow()
    expect(() => parseEventData('TitleWatched', { ...entry }, 1)).toThrow()
    expect(() => parseEventData('TitleAddedToWatchlist', { userId: 'u1', ...dune, mediaType: 'book' }, 2)).toThrow()
  })
})
