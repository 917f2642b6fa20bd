import type { WatchedItem } from '@reelmates/contracts/watched'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import type { Library } from '../../features/library/library'
import { toast } from '../../lib/toast'

/** Takes a title off at once; the toast that confirms it offers to put it back where it was. */
export function removeWithUndo(library: Library, item: WatchlistItem): void {
  void library.removeFromWatchlist(item).then((removed) => {
    if (!removed) return
    toast({
      title: `Removed ${item.title}`,
      description: 'It’s off your watchlist.',
      action: {
        label: 'Undo',
        altText: `Put ${item.title} back on your watchlist`,
        onClick: () => void library.restoreToWatchlist(item),
      },
    })
  })
}

/**
 * Deletes a diary entry at once, like a watchlist removal; a rating and review are work to lose,
 * so the toast offers to log the same watch again with all it said.
 */
export function removeWatchedWithUndo(library: Library, entry: WatchedItem): void {
  void library.removeWatched(entry.id).then((removed) => {
    if (!removed) return
    toast({
      title: `Removed your entry for ${entry.title}`,
      description: 'It’s out of your diary.',
      action: {
        label: 'Undo',
        altText: `Put your entry for ${entry.title} back in your diary`,
        onClick: () => void library.restoreWatched(entry),
      },
    })
  })
}
