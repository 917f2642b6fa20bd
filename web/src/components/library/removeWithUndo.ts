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
