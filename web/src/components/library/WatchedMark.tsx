import type { MediaRef } from '@reelmates/contracts/media'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { useLibraryMarks } from '../../features/library/libraryMarks'
import { ratingLabel, starsText } from '../../features/library/rating'
import { useMyWatch } from '../../features/library/useLibrary'
import { Icon } from './icons'

/**
 * "I have watched this" on a title card or row: a check and my latest rating in stars ("★ 4½"), or
 * the word "Watched" when I gave none. Nothing for a title I have not watched. The marks of a whole
 * screen come from one cached list of my watched titles, never a request per card; inside a row or
 * grid of cards, through that row's LibraryMarksProvider.
 */
export function WatchedMark({ title, className = '' }: { title: MediaRef; className?: string }) {
  const marks = useLibraryMarks()
  if (!marks) return <OwnWatchedMark title={title} className={className} />
  const watch = marks.myWatch(title)
  return watch ? <WatchedMarkView watch={watch} className={className} /> : null
}

/** Outside a row or grid of cards (the watchlist's own screens): the mark reads the cached list itself. */
function OwnWatchedMark({ title, className }: { title: MediaRef; className: string }) {
  const watch = useMyWatch(title)
  return watch ? <WatchedMarkView watch={watch} className={className} /> : null
}

export function WatchedMarkView({ watch, className = '' }: { watch: WatchedTitle; className?: string }) {
  return (
    <span
      data-testid="watched-mark"
      className={`inline-flex items-center gap-1 rounded-full bg-emerald-400 px-2 py-0.5 text-[11px] font-bold leading-5 text-zinc-950 shadow-md shadow-black/40 ${className}`}
    >
      <Icon name="check" className="h-3.5 w-3.5 shrink-0 [&_path]:[stroke-width:2.6]" />
      <span className="sr-only">{watchedWords(watch)}</span>
      <span aria-hidden="true" className="tabular-nums">
        {watch.rating === null ? 'Watched' : `★ ${starsText(watch.rating)}`}
      </span>
    </span>
  )
}

/** What a screen reader says for the mark: the visible star alone would read as "black star". */
export function watchedWords({ rating, timesWatched }: Pick<WatchedTitle, 'rating' | 'timesWatched'>): string {
  const times = timesWatched > 1 ? ` ${timesWatched} times` : ''
  return rating === null ? `Watched${times}` : `Watched${times}, you rated it ${ratingLabel(rating)}`
}
