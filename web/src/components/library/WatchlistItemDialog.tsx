import { useState } from 'react'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { libraryTitleFrom } from './libraryTitle'
import { RatingDialog } from './RatingDialog'

/** "Mark watched" from the watchlist: the dialog offers to take the title off, and does by default. */
export function useMarkWatchedDialog(item: WatchlistItem) {
  const [open, setOpen] = useState(false)
  const dialog = open ? (
    <RatingDialog
      title={libraryTitleFrom(item)}
      mode={{ kind: 'mark', onWatchlist: true }}
      onClose={() => setOpen(false)}
    />
  ) : null
  return { open: () => setOpen(true), dialog }
}
