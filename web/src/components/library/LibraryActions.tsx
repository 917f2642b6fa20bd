import { useState } from 'react'
import type { LibraryTitle } from '../../features/library/libraryChanges'
import { useTitleStatus } from '../../features/library/useLibrary'
import { isDoubleClickRepeat, useQuickPresses } from '../../lib/quickPresses'
import { useAddToWatchlist, useRemoveFromWatchlist } from '../../features/library/useLibraryChanges'
import { Icon } from './icons'
import { RatingDialog } from './RatingDialog'
import { StarRating } from './StarRating'

/**
 * The media page's library buttons: "Add to watchlist" / "On watchlist" (pressing it again takes
 * the title off) and "Mark watched" / "Watched 2×" (each press logs another watch).
 */
export function LibraryActions({ title }: { title: LibraryTitle }) {
  const addToWatchlist = useAddToWatchlist()
  const removeFromWatchlist = useRemoveFromWatchlist()
  const { status, isPending } = useTitleStatus(title)
  const press = useQuickPresses()
  const [logging, setLogging] = useState(false)
  const base =
    'inline-flex h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 disabled:opacity-60'
  return (
    <div className="flex flex-wrap items-center gap-2" aria-busy={isPending}>
      <button
        type="button"
        aria-pressed={status.inWatchlist}
        disabled={isPending}
        onClick={(event) => {
          if (isDoubleClickRepeat(event)) return
          void (press('watchlist', status.inWatchlist) ? addToWatchlist(title) : removeFromWatchlist(title))
        }}
        className={`${base} ${status.inWatchlist ? 'bg-amber-400/15 text-amber-200 ring-1 ring-amber-400/50 hover:bg-amber-400/25' : 'bg-amber-400 text-zinc-950 hover:bg-amber-300'}`}
      >
        <Icon name={status.inWatchlist ? 'bookmarkFilled' : 'bookmark'} />
        {status.inWatchlist ? 'On watchlist' : 'Add to watchlist'}
      </button>
      <button
        type="button"
        disabled={isPending}
        onClick={() => setLogging(true)}
        // Where the keyboard goes when the last of my watches listed on the page is removed.
        data-log-watch
        aria-label={
          status.timesWatched > 0
            ? // The visible words come first in the name (WCAG 2.5.3), then what a press does.
              `Watched ${status.timesWatched}×, log another watch`
            : 'Mark watched'
        }
        className={`${base} bg-white/10 text-zinc-100 ring-1 ring-white/10 hover:bg-white/15`}
      >
        <Icon name={status.timesWatched > 0 ? 'check' : 'eye'} />
        {status.timesWatched > 0 ? `Watched ${status.timesWatched}×` : 'Mark watched'}
      </button>
      {status.lastRating !== null ? (
        <span className="inline-flex items-center gap-2 px-1 text-xs text-zinc-400">
          You rated it <StarRating rating={status.lastRating} />
        </span>
      ) : null}
      {logging ? (
        <RatingDialog
          title={title}
          mode={{ kind: 'mark', onWatchlist: status.inWatchlist, timesWatched: status.timesWatched }}
          onClose={() => setLogging(false)}
        />
      ) : null}
    </div>
  )
}
