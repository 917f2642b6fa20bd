import { useState } from 'react'
import type { LibraryTitle } from '../../features/library/libraryChanges'
import { useLibraryMarks } from '../../features/library/libraryMarks'
import { useIsOnWatchlist, useMyWatch } from '../../features/library/useLibrary'
import { isDoubleClickRepeat, useQuickPresses } from '../../lib/quickPresses'
import { useAddToWatchlist, useRemoveFromWatchlist } from '../../features/library/useLibraryChanges'
import { cardButtonSize } from '../media/layout'
import { Icon } from './icons'
import { RatingDialog } from './RatingDialog'
import { RecommendButton } from '../recommendations/RecommendButton'

/**
 * Round buttons for a title card: watchlist toggle and "mark watched" (a check once watched: a press
 * logs another watch). Whether the title is on the watchlist, and how often I watched it, come from
 * the (one, cached) watchlist and watched-titles queries, so a page of cards makes one request each;
 * inside a row or grid of cards, through that row's LibraryMarksProvider.
 * Place it over the poster, outside the card's link (a button inside a link is invalid HTML).
 */
export function TitleCardActions({ title, className = '' }: { title: LibraryTitle; className?: string }) {
  const marks = useLibraryMarks()
  return marks ? (
    <CardActions
      title={title}
      className={className}
      onWatchlist={marks.onWatchlist(title)}
      timesWatched={marks.myWatch(title)?.timesWatched ?? 0}
    />
  ) : (
    <CardActionsOnTheirOwn title={title} className={className} />
  )
}

/** Outside a row or grid of cards: the buttons read the cached watchlist themselves. */
function CardActionsOnTheirOwn({ title, className }: { title: LibraryTitle; className: string }) {
  const timesWatched = useMyWatch(title)?.timesWatched ?? 0
  return (
    <CardActions
      title={title}
      className={className}
      onWatchlist={useIsOnWatchlist(title)}
      timesWatched={timesWatched}
    />
  )
}

function CardActions({
  title,
  className,
  onWatchlist,
  timesWatched,
}: {
  title: LibraryTitle
  className: string
  onWatchlist: boolean | undefined
  /** How often I logged it: a press then logs another watch, and the button says so. */
  timesWatched: number
}) {
  const addToWatchlist = useAddToWatchlist()
  const removeFromWatchlist = useRemoveFromWatchlist()
  const press = useQuickPresses()
  const [logging, setLogging] = useState(false)
  const button = `inline-flex ${cardButtonSize} items-center justify-center rounded-full shadow-lg shadow-black/40 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 disabled:opacity-50`
  return (
    // Three 36 px buttons take 120 px in a line: a card narrower than 8 rem (a row on a tablet, beside
    // the sidebar) stacks them, a little smaller, down its poster's edge, so none spills off the card
    // or lies over the next card's buttons, where a tap would act on the wrong title.
    <div className={`flex flex-col gap-1 @[8rem]:flex-row @[8rem]:gap-1.5 ${className}`}>
      <button
        type="button"
        aria-pressed={onWatchlist ?? false}
        disabled={onWatchlist === undefined}
        aria-label={onWatchlist ? `Remove ${title.title} from watchlist` : `Add ${title.title} to watchlist`}
        title={onWatchlist ? 'On your watchlist' : 'Add to watchlist'}
        onClick={(event) => {
          if (isDoubleClickRepeat(event)) return
          void (press('watchlist', onWatchlist ?? false) ? addToWatchlist(title) : removeFromWatchlist(title))
        }}
        className={`${button} ${onWatchlist ? 'bg-amber-400 text-zinc-950' : 'bg-black/65 text-white hover:bg-black/85'}`}
      >
        <Icon name={onWatchlist ? 'bookmarkFilled' : 'bookmark'} className="h-[18px] w-[18px]" />
      </button>
      <button
        type="button"
        aria-label={
          timesWatched > 0
            ? `Watched ${title.title} ${timesWatched}×, log another watch`
            : `Mark ${title.title} watched`
        }
        title={timesWatched > 0 ? `Watched ${timesWatched}× · log another watch` : 'Mark watched'}
        onClick={() => setLogging(true)}
        className={`${button} ${timesWatched > 0 ? 'bg-emerald-400 text-zinc-950 hover:bg-emerald-300' : 'bg-black/65 text-white hover:bg-black/85'}`}
      >
        <Icon name={timesWatched > 0 ? 'check' : 'eye'} className="h-[18px] w-[18px]" />
      </button>
      <RecommendButton title={title} look="round" />
      {logging ? (
        <RatingDialog
          title={title}
          mode={{ kind: 'mark', onWatchlist: onWatchlist ?? false, timesWatched }}
          onClose={() => setLogging(false)}
        />
      ) : null}
    </div>
  )
}
