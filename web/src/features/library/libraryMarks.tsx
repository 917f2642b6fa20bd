import { mediaKeyOf, type MediaRef } from '@reelmates/contracts/media'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { createContext, useContext, useDeferredValue, useMemo, type ReactNode } from 'react'
import { useWatchedTitles, useWatchlist } from './useLibrary'
import { watchedTitleKey } from './watchedTitles'

/** What a title card shows of my library: is it on my watchlist (undefined until known), my watch of it. */
export interface LibraryMarks {
  onWatchlist(ref: MediaRef): boolean | undefined
  myWatch(ref: MediaRef): WatchedTitle | undefined
}

const LibraryMarksContext = createContext<LibraryMarks | null>(null)

/**
 * One subscription to my watchlist and watched titles for a whole row or grid of title cards,
 * instead of two per card (home shows about 85 cards). The marks reach the cards as a deferred
 * value: when a list lands or one of my changes is on its way, this provider re-renders at once and
 * React re-renders the cards in the background, yielding between them, instead of in one long
 * task that keeps a phone from answering a tap.
 */
export function LibraryMarksProvider({ children }: { children: ReactNode }) {
  const { items } = useWatchlist()
  const watched = useWatchedTitles()
  // Which titles are listed, not in what order or with what notes: a move or a note leaves the
  // marks as they were, and the cards (500 on a long watchlist) are not drawn again for it.
  const listedKeys = items?.map(mediaKeyOf).sort().join(' ')
  const marks = useMemo<LibraryMarks>(() => {
    const listed = listedKeys === undefined ? undefined : new Set(listedKeys.split(' '))
    return {
      onWatchlist: (ref) => listed?.has(mediaKeyOf(ref)),
      myWatch: (ref) => watched?.get(watchedTitleKey(ref)),
    }
  }, [listedKeys, watched])
  return <LibraryMarksContext value={useDeferredValue(marks)}>{children}</LibraryMarksContext>
}

/** The marks of the row or grid around this card, or null outside one (the card then asks itself). */
export const useLibraryMarks = () => useContext(LibraryMarksContext)
