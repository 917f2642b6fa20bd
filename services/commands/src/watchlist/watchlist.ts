import {
  TitleAddedToWatchlist,
  TitlePutBackOnWatchlist,
  TitleRemovedFromWatchlist,
  WatchlistNoteEdited,
  WatchlistTitleMoved,
  alreadyOnWatchlistMessage,
  noteChangedElsewhereMessage,
  notOnWatchlistMessage,
  placeNextTo,
  watchlistChangedElsewhereMessage,
  watchlistNoteMax,
  type WatchlistEvent,
  type WatchlistPlace,
  type WatchlistRecommendation,
} from '@reelmates/contracts/watchlist'
import type { EventOf } from '@reelmates/contracts/events'
import { mediaKeyOf, type MediaRef, type MediaSnapshot } from '@reelmates/contracts/media'
import { characterCount } from '@reelmates/contracts/text'
import { DomainError, type Decider } from '../decider'

export class AlreadyInWatchlist extends DomainError {
  override readonly name = 'AlreadyInWatchlist'
  constructor() {
    super('conflict', alreadyOnWatchlistMessage)
  }
}

export class NotInWatchlist extends DomainError {
  override readonly name = 'NotInWatchlist'
  constructor() {
    super('not_found', notOnWatchlistMessage)
  }
}

export class NothingToPutBack extends DomainError {
  override readonly name = 'NothingToPutBack'
  constructor() {
    super('not_found', 'This title was not taken off your watchlist, so there is nothing to put back.')
  }
}

export class PositionOutOfRange extends DomainError {
  override readonly name = 'PositionOutOfRange'
  constructor(size: number) {
    super('invalid', `toIndex must be between 0 and ${Math.max(size - 1, 0)}.`)
  }
}

export class NoteTooLong extends DomainError {
  override readonly name = 'NoteTooLong'
  constructor() {
    super('invalid', `A note can be at most ${watchlistNoteMax} characters`)
  }
}

export class NoteChangedElsewhere extends DomainError {
  override readonly name = 'NoteChangedElsewhere'
  constructor() {
    super('conflict', noteChangedElsewhereMessage)
  }
}

export class WatchlistChangedElsewhere extends DomainError {
  override readonly name = 'WatchlistChangedElsewhere'
  constructor() {
    super('conflict', watchlistChangedElsewhereMessage)
  }
}

export class PlacedAgainstItself extends DomainError {
  override readonly name = 'PlacedAgainstItself'
  constructor() {
    super('invalid', 'A title cannot be moved after or before itself.')
  }
}

type Target = { userId: string } & MediaRef

export type WatchlistCommand =
  | ({
      type: 'AddTitleToWatchlist'
      note: string | null
      addedAt: string
      media: MediaSnapshot
      streamingOn: readonly number[]
      /** Accepting a recommendation adds its title with it, so the watchlist says who recommended it. */
      recommendation?: WatchlistRecommendation | null
    } & Target)
  | ({ type: 'RemoveTitleFromWatchlist' } & Target)
  /** The undo of a removal: the title as it was, with its date added, note and recommendation. */
  | ({ type: 'PutTitleBackOnWatchlist' } & Target)
  /**
   * To a place number (`toIndex`, the API's older way), or next to a neighbour as the screen showed
   * it (`place`), which means the same on a list changed since.
   */
  | ({ type: 'MoveWatchlistTitle' } & ({ toIndex: number } | { place: WatchlistPlace }) & Target)
  /** `previousNote`: the note the edit was based on, when the client said (undefined: not said). */
  | ({ type: 'EditWatchlistNote'; note: string | null; previousNote?: string | null | undefined } & Target)

type AddedTitle = EventOf<typeof TitleAddedToWatchlist>['data']

/**
 * The titles in the user's order; each title as it was added, its note kept up to date; and each
 * title taken off as it was then and the place it had, so an undo can put it back the same.
 */
export interface WatchlistState {
  order: string[]
  titles: Map<string, AddedTitle>
  takenOff: Map<string, AddedTitle>
  takenOffFrom: Map<string, number>
}

export const watchlistStreamId = (userId: string) => `watchlist-${userId}`

function checkedNote(note: string | null): string | null {
  if (note === null) return null
  const trimmed = note.trim()
  if (characterCount(trimmed) > watchlistNoteMax) throw new NoteTooLong()
  return trimmed === '' ? null : trimmed
}

/**
 * The place `key` takes next to its neighbour on the list as it is now: the move means what the
 * person saw, whatever else moved since. A neighbour taken off since leaves no way to tell.
 */
function placeOnList(order: readonly string[], key: string, place: WatchlistPlace): number {
  const neighbour = 'after' in place ? place.after : place.before
  if (neighbour !== null && mediaKeyOf(neighbour) === key) throw new PlacedAgainstItself()
  const at = placeNextTo(order, key, place)
  if (at === undefined) throw new WatchlistChangedElsewhere()
  return at
}

export const watchlist: Decider<WatchlistCommand, WatchlistEvent, WatchlistState> = {
  initialState: () => ({ order: [], titles: new Map(), takenOff: new Map(), takenOffFrom: new Map() }),

  evolve(state, event) {
    const key = mediaKeyOf(event.data)
    switch (event.type) {
      case 'TitleAddedToWatchlist':
      case 'TitlePutBackOnWatchlist': {
        const takenOff = new Map(state.takenOff)
        takenOff.delete(key)
        const takenOffFrom = new Map(state.takenOffFrom)
        takenOffFrom.delete(key)
        const titles = new Map(state.titles).set(key, event.data)
        return { order: [...state.order, key], titles, takenOff, takenOffFrom }
      }
      case 'TitleRemovedFromWatchlist': {
        const titles = new Map(state.titles)
        const title = titles.get(key)
        if (!title) return state
        titles.delete(key)
        return {
          order: state.order.filter((k) => k !== key),
          titles,
          takenOff: new Map(state.takenOff).set(key, title),
          takenOffFrom: new Map(state.takenOffFrom).set(key, state.order.indexOf(key)),
        }
      }
      case 'WatchlistTitleMoved': {
        const order = state.order.filter((k) => k !== key)
        order.splice(event.data.toIndex, 0, key)
        return { ...state, order }
      }
      case 'WatchlistNoteEdited': {
        const title = state.titles.get(key)
        return title ? { ...state, titles: new Map(state.titles).set(key, { ...title, note: event.data.note }) } : state
      }
    }
  },

  decide(command, state) {
    const key = mediaKeyOf(command)
    const ref = { userId: command.userId, tmdbId: command.tmdbId, mediaType: command.mediaType }
    const present = state.titles.has(key)
    switch (command.type) {
      case 'AddTitleToWatchlist':
        if (present) throw new AlreadyInWatchlist()
        return [
          TitleAddedToWatchlist({
            ...ref,
            note: checkedNote(command.note),
            addedAt: command.addedAt,
            media: command.media,
            streamingOn: [...command.streamingOn],
            ...(command.recommendation ? { recommendation: command.recommendation } : {}),
          }),
        ]
      case 'RemoveTitleFromWatchlist':
        if (!present) throw new NotInWatchlist()
        return [TitleRemovedFromWatchlist(ref)]
      case 'PutTitleBackOnWatchlist': {
        if (present) throw new AlreadyInWatchlist()
        const title = state.takenOff.get(key)
        if (!title) throw new NothingToPutBack()
        // The add as it was, not a new one: the date it was added and the recommendation it came
        // from stay (the list's order by date and "recommended by" are what an undo must not change).
        const back = TitlePutBackOnWatchlist({ ...title })
        // And in its old place, in the same append: an undo that lands at the end until a second
        // request moves it is left there when the tab closes between the two. A list that has got
        // shorter since puts it at the end.
        const from = state.takenOffFrom.get(key) ?? state.order.length
        return from < state.order.length ? [back, WatchlistTitleMoved({ ...ref, toIndex: from })] : [back]
      }
      case 'MoveWatchlistTitle': {
        if (!present) throw new NotInWatchlist()
        const toIndex = 'place' in command ? placeOnList(state.order, key, command.place) : command.toIndex
        if (!Number.isInteger(toIndex) || toIndex < 0 || toIndex >= state.order.length)
          throw new PositionOutOfRange(state.order.length)
        if (state.order.indexOf(key) === toIndex) return []
        return [WatchlistTitleMoved({ ...ref, toIndex })]
      }
      case 'EditWatchlistNote': {
        if (!present) throw new NotInWatchlist()
        const note = checkedNote(command.note)
        const current = state.titles.get(key)?.note ?? null
        if (current === note) return []
        // Two devices that wrote the same words agree; otherwise the words written since the edit
        // began are kept and the user is asked, rather than replaced unseen.
        if (command.previousNote !== undefined && checkedNote(command.previousNote) !== current)
          throw new NoteChangedElsewhere()
        return [WatchlistNoteEdited({ ...ref, note })]
      }
    }
  },
}
