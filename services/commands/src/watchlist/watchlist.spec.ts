import { describe, expect, it } from 'vitest'
import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  WatchlistNoteEdited,
  WatchlistTitleMoved,
} from '@reelmates/contracts/watchlist'
import type { MediaRef } from '@reelmates/contracts/media'
import { specFor } from '../testing/givenWhenThen'
import {
  AlreadyInWatchlist,
  NoteChangedElsewhere,
  NoteTooLong,
  NothingToPutBack,
  NotInWatchlist,
  PlacedAgainstItself,
  PositionOutOfRange,
  WatchlistChangedElsewhere,
  watchlist,
} from './watchlist'

const given = specFor(watchlist)
const userId = 'u1'
const dune: MediaRef = { tmdbId: 438631, mediaType: 'movie' }
const severance: MediaRef = { tmdbId: 95396, mediaType: 'tv' }
const alien: MediaRef = { tmdbId: 348, mediaType: 'movie' }
const media = { title: 'Dune', posterPath: '/dune.jpg', releaseDate: '2021-09-15', voteAverage: 7.8 }
const addedAt = '2026-11-01T10:00:00.000Z'

const added = (ref: MediaRef, note: string | null = null) =>
  TitleAddedToWatchlist({ userId, ...ref, note, addedAt, media, streamingOn: [8] })
const addTitle = (ref: MediaRef, note: string | null = null) =>
  ({ type: 'AddTitleToWatchlist', userId, ...ref, note, addedAt, media, streamingOn: [8] }) as const
const removeTitle = (ref: MediaRef) => ({ type: 'RemoveTitleFromWatchlist', userId, ...ref }) as const
const moveTitle = (ref: MediaRef, toIndex: number) => ({ type: 'MoveWatchlistTitle', userId, ...ref, toIndex }) as const
const editNote = (ref: MediaRef, note: string | null) => ({ type: 'EditWatchlistNote', userId, ...ref, note }) as const
const putBack = (ref: MediaRef) => ({ type: 'PutTitleBackOnWatchlist', userId, ...ref }) as const
const removed = (ref: MediaRef) => TitleRemovedFromWatchlist({ userId, ...ref })
const recommendation = { recommendationId: 'r-1', fromUserId: 'u-ann' }

describe('watchlist', () => {
  it('adds a title that is not on it yet', () =>
    given([])
      .when(addTitle(dune, 'with Sam'))
      .then([added(dune, 'with Sam')]))

  it('refuses a title that is already on the watchlist', () =>
    given([added(dune)])
      .when(addTitle(dune))
      .thenThrows(AlreadyInWatchlist, 'This title is already on your watchlist.'))

  it('tells a movie and a show with the same id apart', () =>
    given([added(dune)])
      .when(addTitle({ tmdbId: dune.tmdbId, mediaType: 'tv' }))
      .then([added({ tmdbId: dune.tmdbId, mediaType: 'tv' })]))

  it('adds a title again after it was removed', () =>
    given([added(dune), TitleRemovedFromWatchlist({ userId, ...dune })])
      .when(addTitle(dune))
      .then([added(dune)]))

  it('trims a note and keeps an empty one as none', () =>
    given([])
      .when(addTitle(dune, '   '))
      .then([added(dune, null)]))

  it('refuses a note over 500 characters', () =>
    given([])
      .when(addTitle(dune, 'x'.repeat(501)))
      .thenThrows(NoteTooLong, 'A note can be at most 500 characters'))

  it('counts a note in characters, as the form and the API do: 500 emoji fit and 501 do not', () => {
    given([])
      .when(addTitle(dune, '🍿'.repeat(500)))
      .then([added(dune, '🍿'.repeat(500))])
    given([])
      .when(addTitle(dune, '🍿'.repeat(501)))
      .thenThrows(NoteTooLong, 'A note can be at most 500 characters')
  })

  it('keeps a note of exactly 500 characters', () =>
    given([])
      .when(addTitle(dune, 'x'.repeat(500)))
      .then([added(dune, 'x'.repeat(500))]))

  it('removes a title on it', () =>
    given([added(dune)])
      .when(removeTitle(dune))
      .then([TitleRemovedFromWatchlist({ userId, ...dune })]))

  it('refuses to remove a title that is not on it', () =>
    given([added(dune)])
      .when(removeTitle(alien))
      .thenThrows(NotInWatchlist, 'This title is not on your watchlist.'))

  it('moves a title to another place', () =>
    given([added(dune), added(severance), added(alien)])
      .when(moveTitle(alien, 0))
      .then([WatchlistTitleMoved({ userId, ...alien, toIndex: 0 })]))

  it('does nothing when a title is moved to where it already is', () =>
    given([added(dune), added(severance)])
      .when(moveTitle(severance, 1))
      .thenNothingHappens())

  it('refuses a place outside the list', () =>
    given([added(dune), added(severance)])
      .when(moveTitle(dune, 2))
      .thenThrows(PositionOutOfRange, 'toIndex must be between 0 and 1.'))

  it('refuses a negative place', () =>
    given([added(dune), added(severance)])
      .when(moveTitle(severance, -1))
      .thenThrows(PositionOutOfRange, 'toIndex must be between 0 and 1.'))

  it('refuses a place that is not a whole number', () =>
    given([added(dune), added(severance)])
      .when(moveTitle(severance, 0.5))
      .thenThrows(PositionOutOfRange))

  it('refuses to move a title that is not on it', () =>
    given([added(dune)])
      .when(moveTitle(alien, 0))
      .thenThrows(NotInWatchlist))

  describe('a move next to the neighbour the screen showed', () => {
    const film = (tmdbId: number): MediaRef => ({ tmdbId, mediaType: 'movie' })
    const [hope, empire, jedi, menace] = [film(11), film(1891), film(1892), film(1893)]
    const moveNextTo = (ref: MediaRef, place: { after: MediaRef | null } | { before: MediaRef | null }) =>
      ({ type: 'MoveWatchlistTitle', userId, ...ref, place }) as const
    const moved = (ref: MediaRef, toIndex: number) => WatchlistTitleMoved({ userId, ...ref, toIndex })
    // The screen of a tab left open showed [IV, V, VI, I]; another tab then moved VI, then I, to the top.
    const shown = [added(hope), added(empire), added(jedi), added(menace)]
    const movedSince = [...shown, moved(jedi, 0), moved(menace, 0)] // now [I, VI, IV, V]

    it('lands right after the title it was put after, wherever that title is now', () =>
      given(movedSince)
        .when(moveNextTo(hope, { after: empire }))
        .then([moved(hope, 3)]))

    it('lands right before the title it was put before, wherever that title is now', () =>
      given(movedSince)
        .when(moveNextTo(empire, { before: jedi }))
        .then([moved(empire, 1)]))

    it('goes first after nothing, and last before nothing', () => {
      given(movedSince)
        .when(moveNextTo(empire, { after: null }))
        .then([moved(empire, 0)])
      given(movedSince)
        .when(moveNextTo(menace, { before: null }))
        .then([moved(menace, 3)])
    })

    it('changes nothing when the title is already there (a move delivered twice)', () => {
      const once = [...movedSince, moved(hope, 3)]
      given(once)
        .when(moveNextTo(hope, { after: empire }))
        .thenNothingHappens()
      given(once)
        .when(moveNextTo(menace, { after: null }))
        .thenNothingHappens()
      given(once)
        .when(moveNextTo(hope, { before: null }))
        .thenNothingHappens()
    })

    it('is refused when the neighbour has been taken off since: there is no telling where it meant', () =>
      given([...movedSince, removed(empire)])
        .when(moveNextTo(hope, { after: empire }))
        .thenThrows(WatchlistChangedElsewhere, 'Your watchlist changed on another device; here it is now.'))

    it('refuses a title placed next to itself', () =>
      given(movedSince)
        .when(moveNextTo(hope, { before: hope }))
        .thenThrows(PlacedAgainstItself))

    it('refuses to move a title taken off since', () =>
      given([...movedSince, removed(hope)])
        .when(moveNextTo(hope, { after: null }))
        .thenThrows(NotInWatchlist))
  })

  it('edits a note', () =>
    given([added(dune)])
      .when(editNote(dune, 'IMAX'))
      .then([WatchlistNoteEdited({ userId, ...dune, note: 'IMAX' })]))

  it('does nothing when the note is unchanged', () =>
    given([added(dune, 'IMAX')])
      .when(editNote(dune, ' IMAX '))
      .thenNothingHappens())

  it('refuses an edited note over 500 characters', () =>
    given([added(dune, 'IMAX')])
      .when(editNote(dune, 'x'.repeat(501)))
      .thenThrows(NoteTooLong, 'A note can be at most 500 characters'))

  it('keeps an edited note of exactly 500 characters, and clears one', () => {
    given([added(dune, 'IMAX')])
      .when(editNote(dune, 'y'.repeat(500)))
      .then([WatchlistNoteEdited({ userId, ...dune, note: 'y'.repeat(500) })])
    given([added(dune, 'IMAX')])
      .when(editNote(dune, null))
      .then([WatchlistNoteEdited({ userId, ...dune, note: null })])
  })

  describe('an edit based on the note the screen showed', () => {
    const editFrom = (previousNote: string | null, note: string | null) =>
      ({ ...editNote(dune, note), previousNote }) as const
    const edited = (note: string) => WatchlistNoteEdited({ userId, ...dune, note })

    it('is taken when the note is still the one shown, or none was and none is', () => {
      given([added(dune, 'IMAX')])
        .when(editFrom(' IMAX ', 'IMAX with Sam'))
        .then([edited('IMAX with Sam')])
      given([added(dune)])
        .when(editFrom(null, 'IMAX'))
        .then([edited('IMAX')])
      given([added(dune)])
        .when(editFrom('', 'IMAX'))
        .then([edited('IMAX')])
    })

    it('is refused when another device changed the note since, and keeps what that device wrote', () => {
      const elsewhere = [added(dune), edited('A: with Sam in IMAX')]
      given(elsewhere)
        .when(editFrom(null, 'B: Mum says skip it'))
        .thenThrows(NoteChangedElsewhere, 'This note was changed on another device since you opened it.')
      given([added(dune, 'IMAX'), WatchlistNoteEdited({ userId, ...dune, note: null })])
        .when(editFrom('IMAX', 'IMAX, front row'))
        .thenThrows(NoteChangedElsewhere)
    })

    it('changes nothing when both devices wrote the same words', () =>
      given([added(dune), edited('IMAX')])
        .when(editFrom(null, 'IMAX'))
        .thenNothingHappens())

    it('is taken as it comes without a note to compare with (an older client, the API)', () =>
      given([added(dune), edited('A: with Sam')])
        .when(editNote(dune, 'B: skip it'))
        .then([edited('B: skip it')]))
  })

  it('refuses to edit the note of a title that is not on it', () =>
    given([]).when(editNote(dune, 'x')).thenThrows(NotInWatchlist))

  it('keeps the order of adds, moves and removals', () => {
    const state = given([
      added(dune),
      added(severance),
      added(alien),
      WatchlistTitleMoved({ userId, ...alien, toIndex: 0 }),
      TitleRemovedFromWatchlist({ userId, ...severance }),
    ]).state()
    expect(state.order).toEqual(['movie:348', 'movie:438631'])
  })

  describe('putting a title back (the undo of a removal)', () => {
    it('gives it back as it was added: date added, note and recommendation', () => {
      const title = { userId, ...dune, note: 'with Sam', addedAt, media, streamingOn: [8], recommendation }
      return given([TitleAddedToWatchlist(title), removed(dune)])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(title)])
    })

    it('keeps the note as it was when the title was taken off', () =>
      given([
        added(dune, 'with Sam'),
        WatchlistNoteEdited({ userId, ...dune, note: 'with Sam and Kim' }),
        removed(dune),
      ])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(added(dune, 'with Sam and Kim').data)]))

    it('keeps an add recorded before streaming services were, as it was', () => {
      const unknown = { userId, ...dune, note: null, addedAt, media, streamingOn: [], streamingUnknown: true }
      return given([TitleAddedToWatchlist(unknown), removed(dune)])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(unknown)])
    })

    it('puts back the last add of a title taken off twice', () =>
      given([added(dune, 'first'), removed(dune), added(dune, 'second'), removed(dune)])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(added(dune, 'second').data)]))

    it('refuses a title that is on the watchlist (put back already)', () =>
      given([added(dune), removed(dune), TitlePutBackOnWatchlist(added(dune).data)])
        .when(putBack(dune))
        .thenThrows(AlreadyInWatchlist, 'This title is already on your watchlist.'))

    it('lets a title put back be moved, noted and taken off again', () => {
      const back = [added(severance), added(dune), removed(dune), TitlePutBackOnWatchlist(added(dune).data)]
      given(back)
        .when(removeTitle(dune))
        .then([removed(dune)])
      expect(given(back).state().order).toEqual(['tv:95396', 'movie:438631'])
    })

    it('puts it back in the place it was taken from, in the same append', () =>
      given([added(severance), added(dune), added(alien), removed(dune)])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(added(dune).data), WatchlistTitleMoved({ userId, ...dune, toIndex: 1 })]))

    it('puts it back at the end when it was last, or the list has got shorter since', () => {
      given([added(severance), added(dune), removed(dune)])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(added(dune).data)])
      given([added(severance), added(alien), added(dune), removed(dune), removed(alien)])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(added(dune).data)])
    })

    it('puts it back where it was taken from the last time, not where it was first', () => {
      const heat: MediaRef = { tmdbId: 949, mediaType: 'movie' }
      return given([
        added(dune),
        added(severance),
        added(alien),
        added(heat),
        removed(dune),
        TitlePutBackOnWatchlist(added(dune).data),
        WatchlistTitleMoved({ userId, ...dune, toIndex: 2 }),
        removed(dune),
      ])
        .when(putBack(dune))
        .then([TitlePutBackOnWatchlist(added(dune).data), WatchlistTitleMoved({ userId, ...dune, toIndex: 2 })])
    })

    it('refuses a title never taken off', () =>
      given([added(severance)])
        .when(putBack(dune))
        .thenThrows(NothingToPutBack, 'This title was not taken off your watchlist, so there is nothing to put back.'))
  })
})
