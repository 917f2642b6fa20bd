import {
  TitleAddedToWatchlist,
  TitleRemovedFromWatchlist,
  WatchlistNoteEdited,
  WatchlistTitleMoved,
  watchlistNoteMax,
  type WatchlistEvent,
  type WatchlistRecommendation,
} from '@reelmates/contracts/watchlist'
import { mediaKeyOf, type MediaRef, type MediaSnapshot } from '@reelmates/contracts/media'
import { DomainError, type Decider } from '../decider'

export class AlreadyInWatchlist extends DomainError {
  override readonly name = 'AlreadyInWatchlist'
  constructor() {
    super('conflict', 'This title is already on your watchlist.')
  }
}

export class NotInWatchlist extends DomainError {
  override readonly name = 'NotInWatchlist'
  constructor() {
    super('not_found', 'This title is not on your watchlist.')
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
  | ({ type: 'MoveWatchlistTitle'; toIndex: number } & Target)
  | ({ type: 'EditWatchlistNote'; note: string | null } & Target)

/** The titles in the user's order, with their notes. */
export interface WatchlistState {
  order: string[]
  notes: Map<string, string | null>
}

export const watchlistStreamId = (userId: string) => `watchlist-${userId}`

function checkedNote(note: string | null): string | null {
  if (note === null) return null
  const trimmed = note.trim()
  if (trimmed.length > watchlistNoteMax) throw new NoteTooLong()
  return trimmed === '' ? null : trimmed
}

export const watchlist: Decider<WatchlistCommand, WatchlistEvent, WatchlistState> = {
  initialState: () => ({ order: [], notes: new Map() }),

  evolve(state, event) {
    const key = mediaKeyOf(event.data)
    switch (event.type) {
      case 'TitleAddedToWatchlist':
        return { order: [...state.order, key], notes: new Map(state.notes).set(key, event.data.note) }
      case 'TitleRemovedFromWatchlist': {
        const notes = new Map(state.notes)
        notes.delete(key)
        return { order: state.order.filter((k) => k !== key), notes }
      }
      case 'WatchlistTitleMoved': {
        const order = state.order.filter((k) => k !== key)
        order.splice(event.data.toIndex, 0, key)
        return { ...state, order }
      }
      case 'WatchlistNoteEdited':
        return { ...state, notes: new Map(state.notes).set(key, event.data.note) }
    }
  },

  decide(command, state) {
    const key = mediaKeyOf(command)
    const ref = { userId: command.userId, tmdbId: command.tmdbId, mediaType: command.mediaType }
    const present = state.notes.has(key)
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
      case 'MoveWatchlistTitle': {
        if (!present) throw new NotInWatchlist()
        if (!Number.isInteger(command.toIndex) || command.toIndex < 0 || command.toIndex >= state.order.length)
          throw new PositionOutOfRange(state.order.length)
        if (state.order.indexOf(key) === command.toIndex) return []
        return [WatchlistTitleMoved({ ...ref, toIndex: command.toIndex })]
      }
      case 'EditWatchlistNote': {
        if (!present) throw new NotInWatchlist()
        const note = checkedNote(command.note)
        if (state.notes.get(key) === note) return []
        return [WatchlistNoteEdited({ ...ref, note })]
      }
    }
  },
}
