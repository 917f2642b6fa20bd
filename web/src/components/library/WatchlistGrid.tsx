import { Link } from '@tanstack/react-router'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { MediaPoster } from '../media/MediaPoster'
import { useRemoveFromWatchlistWithUndo } from './removeWithUndo'
import { Icon } from './icons'
import { kindOf, yearOf } from './libraryTitle'
import { memoItemView, SortableWatchlist, WatchlistPlace, type WatchlistItemViewProps } from './SortableWatchlist'
import { MarkWatchedButton, useWatchlistItemDialogs } from './WatchlistItemDialog'
import { WatchlistItemMenu, watchlistItemActions } from './WatchlistItemMenu'
import { WatchedMark } from './WatchedMark'

interface WatchlistViewProps {
  items: WatchlistItem[]
  reorderable: boolean
}

/** The watchlist as posters, two across on a phone, up to six on a wide screen. */
export function WatchlistGrid({ items, reorderable }: WatchlistViewProps) {
  return (
    <SortableWatchlist
      items={items}
      layout="grid"
      reorderable={reorderable}
      className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-5"
      Item={WatchlistCard}
    />
  )
}

const WatchlistCard = memoItemView(function WatchlistCard({ item, reorder, eager }: WatchlistItemViewProps) {
  const removeWithUndo = useRemoveFromWatchlistWithUndo()
  const dialogs = useWatchlistItemDialogs(item)
  const year = yearOf(item.releaseDate)
  return (
    <article
      aria-label={item.title}
      className={`group rounded-2xl transition ${reorder.isDragging ? 'scale-[1.03] shadow-2xl shadow-black/60 ring-2 ring-amber-400' : ''}`}
    >
      <div className="relative">
        <Link
          to="/media/$mediaType/$id"
          params={{ mediaType: item.mediaType, id: String(item.tmdbId) }}
          // The poster is all this link holds, and a poster has no words for a screen reader.
          aria-label={item.title}
          className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
        >
          <MediaPoster
            title={item.title}
            posterPath={item.posterPath}
            year={year}
            seed={item.tmdbId}
            priority={eager}
          />
        </Link>
        <span className="pointer-events-none absolute left-2 top-2 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold tabular-nums text-white backdrop-blur">
          <WatchlistPlace />
        </span>
        <WatchedMark title={item} className="pointer-events-none absolute bottom-2 left-2" />
        {reorder.enabled ? (
          <button
            ref={reorder.setHandleRef}
            type="button"
            aria-label={`Move ${item.title}`}
            {...reorder.handle}
            className="absolute right-2 top-2 inline-flex h-10 w-10 cursor-grab touch-none items-center justify-center rounded-full bg-black/60 text-white backdrop-blur transition hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 active:cursor-grabbing"
          >
            <Icon name="grip" />
          </button>
        ) : null}
      </div>
      {/* The menu sits beside the title and "Mark watched" takes the card's width below: side by side,
          the two overflowed a phone's two columns, and a tap on one could land on the next card's. */}
      <div className="mt-2 flex items-start gap-1 pl-0.5">
        <div className="min-w-0 flex-1">
          {/* The screen's h1 is "Watchlist"; each title is a heading under it. */}
          <h2 className="text-sm font-medium leading-snug text-zinc-100 [overflow-wrap:anywhere]">{item.title}</h2>
          <p className="text-xs text-zinc-400">{[year, kindOf(item.mediaType)].filter(Boolean).join(' · ')}</p>
          {item.note ? (
            <p dir="auto" className="mt-1 line-clamp-2 text-xs italic text-zinc-400">
              “{item.note}”
            </p>
          ) : null}
          {item.recommendedBy ? (
            <p className="mt-1 text-xs text-amber-300 [overflow-wrap:anywhere]">
              recommended by <bdi>{item.recommendedBy.username}</bdi>
            </p>
          ) : null}
        </div>
        <WatchlistItemMenu
          item={item}
          className="-mt-1.5"
          actions={watchlistItemActions(
            item,
            {
              editNote: dialogs.editNote,
              moveUp: reorder.moveUp,
              moveDown: reorder.moveDown,
              moveToTop: reorder.moveToTop,
              moveToBottom: reorder.moveToBottom,
              remove: () => removeWithUndo(item),
            },
            { up: 'Move earlier', down: 'Move later' },
          )}
        />
      </div>
      <MarkWatchedButton item={item} onClick={dialogs.markWatched} className="mt-1.5 w-full justify-center" />
      {dialogs.dialog}
    </article>
  )
})
