import { Link } from '@tanstack/react-router'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { MediaPoster } from '../media/MediaPoster'
import { IconButton } from './controls'
import { useRemoveFromWatchlistWithUndo } from './removeWithUndo'
import { Icon } from './icons'
import { kindOf, yearOf } from './libraryTitle'
import { SortableWatchlist, type ReorderControls } from './SortableWatchlist'
import { useWatchlistItemDialogs } from './WatchlistItemDialog'

interface WatchlistViewProps {
  items: WatchlistItem[]
  reorderable: boolean
}

/** The watchlist as ranked rows: the view for planning what comes next. */
export function WatchlistList({ items, reorderable }: WatchlistViewProps) {
  return (
    <SortableWatchlist
      items={items}
      layout="list"
      reorderable={reorderable}
      className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-white/[0.02] ring-1 ring-white/5"
      renderItem={(item, index, reorder) => <WatchlistRow item={item} index={index} reorder={reorder} />}
    />
  )
}

function WatchlistRow({ item, index, reorder }: { item: WatchlistItem; index: number; reorder: ReorderControls }) {
  const removeWithUndo = useRemoveFromWatchlistWithUndo()
  const dialogs = useWatchlistItemDialogs(item)
  const year = yearOf(item.releaseDate)
  return (
    <article
      aria-label={item.title}
      className={`flex items-center gap-2 bg-ink py-2 pl-1 pr-2 sm:gap-3 sm:pl-2 ${reorder.isDragging ? 'shadow-2xl shadow-black/70 ring-2 ring-amber-400' : ''}`}
    >
      {reorder.enabled ? (
        <button
          ref={reorder.setHandleRef}
          type="button"
          aria-label={`Move ${item.title}`}
          {...reorder.handle}
          className="inline-flex h-11 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-zinc-400 hover:bg-white/5 hover:text-zinc-200 focus-visible:outline-2 focus-visible:outline-amber-400 active:cursor-grabbing"
        >
          <Icon name="grip" />
        </button>
      ) : null}
      <span className="w-5 shrink-0 text-right font-serif text-base tabular-nums text-zinc-400 sm:w-6 sm:text-lg">
        {index + 1}
      </span>
      <Link
        to="/media/$mediaType/$id"
        params={{ mediaType: item.mediaType, id: String(item.tmdbId) }}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        <MediaPoster
          title={item.title}
          posterPath={item.posterPath}
          seed={item.tmdbId}
          className="!w-10 shrink-0 !rounded-md sm:!w-14 [&_span]:hidden"
        />
        <span className="min-w-0">
          <span className="line-clamp-2 font-medium leading-snug text-zinc-100 sm:line-clamp-1">{item.title}</span>
          <span className="block truncate text-xs text-zinc-400">
            {[year, kindOf(item.mediaType), item.voteAverage ? `★ ${item.voteAverage.toFixed(1)}` : undefined]
              .filter(Boolean)
              .join(' · ')}
          </span>
          {item.note ? <span className="mt-0.5 block truncate text-xs italic text-zinc-400">“{item.note}”</span> : null}
          {item.recommendedBy ? (
            <span className="mt-0.5 block truncate text-xs text-amber-300">
              recommended by {item.recommendedBy.username}
            </span>
          ) : null}
        </span>
      </Link>
      <div className="flex shrink-0 items-center">
        {/* An action, worded and drawn as on the media page and the title cards: a watchlist row
            knows nothing of past watches, so it never shows a "watched" state. */}
        <button
          type="button"
          onClick={dialogs.markWatched}
          aria-label={`Mark ${item.title} watched`}
          title="Mark watched"
          className="inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-full text-xs font-semibold text-zinc-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400 sm:px-3 sm:ring-1 sm:ring-white/10"
        >
          <Icon name="eye" className="h-[18px] w-[18px]" />
          <span className="hidden sm:inline">Mark watched</span>
        </button>
        <span className="hidden sm:flex">
          <IconButton icon="pencil" label={dialogs.noteLabel} onClick={dialogs.editNote} />
        </span>
        {reorder.enabled ? (
          <span className="hidden sm:flex">
            <IconButton icon="up" label={`Move ${item.title} up`} disabled={!reorder.moveUp} onClick={reorder.moveUp} />
            <IconButton
              icon="down"
              label={`Move ${item.title} down`}
              disabled={!reorder.moveDown}
              onClick={reorder.moveDown}
            />
          </span>
        ) : null}
        <IconButton
          icon="trash"
          tone="danger"
          label={`Remove ${item.title} from watchlist`}
          onClick={() => removeWithUndo(item)}
        />
      </div>
      {dialogs.dialog}
    </article>
  )
}
