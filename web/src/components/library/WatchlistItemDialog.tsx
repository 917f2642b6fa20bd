import { useState } from 'react'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { libraryTitleFrom } from './libraryTitle'
import { NoteDialog } from './NoteDialog'
import { RatingDialog } from './RatingDialog'

/**
 * The two dialogs a watchlist item opens: "mark watched" (which offers to take the title off, and
 * does by default) and its note. Mounted only while open, so each opens fresh.
 */
export function useWatchlistItemDialogs(item: WatchlistItem) {
  const [open, setOpen] = useState<'watched' | 'note' | null>(null)
  const close = () => setOpen(null)
  const dialog =
    open === 'watched' ? (
      <RatingDialog title={libraryTitleFrom(item)} mode={{ kind: 'mark', onWatchlist: true }} onClose={close} />
    ) : open === 'note' ? (
      <NoteDialog item={item} onClose={close} />
    ) : null
  return {
    markWatched: () => setOpen('watched'),
    editNote: () => setOpen('note'),
    noteLabel: item.note ? `Edit the note on ${item.title}` : `Add a note to ${item.title}`,
    dialog,
  }
}
