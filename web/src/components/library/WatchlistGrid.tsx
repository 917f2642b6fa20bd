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

/** The watchlist as posters, two across on a phone, up to six on a wide screen. */
export function WatchlistGrid({ items, reorderable }: WatchlistViewProps) {
  return (
    <SortableWatchlist
      items={items}
      layout="grid"
      reorderable={reorderable}
      className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-5"
      renderItem={(item, index, reorder) => <WatchlistCard item={item} index={index} reorder={reorder} />}
    />
  )
}

function WatchlistCard({ item, index, reorder }: { item: WatchlistItem; index: number; reorder: ReorderControls }) {
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
          className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
        >
          <MediaPoster
            title={item.title}
            posterPath={item.posterPath}
            year={year}
            seed={item.tmdbId}
            priority={index < 6}
          />
        </Link>
        <span className="pointer-events-none absolute left-2 top-2 rounded-full bg-black/70 px-2 py-0.5 text-xs font-semibold tabular-nums text-white backdrop-blur">
          {index + 1}
        </span>
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
      <div className="mt-2 px-0.5">
        <h3 className="truncate text-sm font-medium text-zinc-100">{item.title}</h3>
        <p className="text-xs text-zinc-400">{[year, kindOf(item.mediaType)].filter(Boolean).join(' · ')}</p>
        {item.note ? <p className="mt-1 line-clamp-2 text-xs italic text-zinc-400">“{item.note}”</p> : null}
        {item.recommendedBy ? (
          <p className="mt-1 truncate text-xs text-amber-300">recommended by {item.recommendedBy.username}</p>
        ) : null}
      </div>
      <div className="-ml-1.5 mt-1 flex items-center justify-between">
        <IconButton icon="eye" size="sm" label={`Mark ${item.title} watched`} onClick={dialogs.markWatched} />
        <div className="flex">
          <IconButton icon="pencil" size="sm" label={dialogs.noteLabel} onClick={dialogs.editNote} />
          {reorder.enabled ? (
            <>
              <IconButton
                icon="up"
                size="sm"
                className="-rotate-90"
                label={`Move ${item.title} earlier`}
                disabled={!reorder.moveUp}
                onClick={reorder.moveUp}
              />
              <IconButton
                icon="down"
                size="sm"
                className="-rotate-90"
                label={`Move ${item.title} later`}
                disabled={!reorder.moveDown}
                onClick={reorder.moveDown}
              />
            </>
          ) : null}
          <IconButton
            icon="trash"
            size="sm"
            tone="danger"
            label={`Remove ${item.title} from watchlist`}
            onClick={() => removeWithUndo(item)}
          />
        </div>
      </div>
      {dialogs.dialog}
    </article>
  )
}
