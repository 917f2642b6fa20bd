import { Link } from '@tanstack/react-router'
import { useRef } from 'react'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { MediaPoster } from '../media/MediaPoster'
import { IconButton } from './controls'
import { useFocusWhenPutBack, useRemoveFromWatchlistWithUndo } from './removeWithUndo'
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

/** The watchlist as ranked rows: the view for planning what comes next. */
export function WatchlistList({ items, reorderable }: WatchlistViewProps) {
  return (
    <SortableWatchlist
      items={items}
      layout="list"
      reorderable={reorderable}
      // The row lays out by the list's width, not the window's: beside the sidebar a tablet's window is
      // wide but the list is not, and a row with every button in line left the title a letter wide.
      className="@container divide-y divide-white/5 overflow-hidden rounded-2xl bg-white/[0.02] ring-1 ring-white/5"
      Item={WatchlistRow}
    />
  )
}

const WatchlistRow = memoItemView(function WatchlistRow({ item, reorder }: WatchlistItemViewProps) {
  const removeWithUndo = useRemoveFromWatchlistWithUndo()
  const dialogs = useWatchlistItemDialogs(item)
  const year = yearOf(item.releaseDate)
  const upButton = useRef<HTMLButtonElement>(null)
  const downButton = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)
  useFocusWhenPutBack(item, removeButton)
  // The button pressed keeps the focus as its row moves, unless the move disabled it (the row is
  // now first or last): then the row's other move button has it.
  const moveButton = (pressed: typeof upButton, other: typeof upButton) => () =>
    pressed.current?.disabled ? other.current : pressed.current
  return (
    <article
      aria-label={item.title}
      className={`flex flex-wrap items-center gap-x-2 bg-ink py-2 pl-1 pr-2 @[40rem]:flex-nowrap @[40rem]:gap-3 @[40rem]:pl-2 ${reorder.isDragging ? 'shadow-2xl shadow-black/70 ring-2 ring-amber-400' : ''}`}
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
        <WatchlistPlace />
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
        {/* Every word of the title and its facts wraps rather than being cut: in a narrow list the
            actions sit on their own line below, so the title has the row's width. */}
        <span className="min-w-0 [overflow-wrap:anywhere]">
          <span className="block font-medium leading-snug text-zinc-100">{item.title}</span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-400">
            <span>
              {[year, kindOf(item.mediaType), item.voteAverage ? `★ ${item.voteAverage.toFixed(1)}` : undefined]
                .filter(Boolean)
                .join(' · ')}
            </span>
            <WatchedMark title={item} />
          </span>
          {item.note ? (
            <span dir="auto" className="mt-0.5 block text-xs italic text-zinc-400">
              “{item.note}”
            </span>
          ) : null}
          {item.recommendedBy ? (
            <span className="mt-0.5 block text-xs text-amber-300">
              recommended by <bdi>{item.recommendedBy.username}</bdi>
            </span>
          ) : null}
        </span>
      </Link>
      <div className="flex w-full shrink-0 items-center justify-end gap-1 @[40rem]:w-auto">
        <MarkWatchedButton item={item} onClick={dialogs.markWatched} />
        {/* A narrow list keeps the rest behind one labelled menu. In line, the handle, number, poster
            and five buttons take some 460 px of the row: from 40rem that leaves the title 180 px. */}
        <span className="flex @[40rem]:hidden">
          <WatchlistItemMenu
            item={item}
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
              { up: 'Move up', down: 'Move down' },
            )}
          />
        </span>
        <span className="hidden @[40rem]:flex">
          <IconButton icon="pencil" label={dialogs.noteLabel} onClick={() => dialogs.editNote()} />
          {reorder.enabled ? (
            <>
              <IconButton
                ref={upButton}
                icon="up"
                label={`Move ${item.title} up`}
                disabled={!reorder.moveUp}
                onClick={() => reorder.moveUp?.(moveButton(upButton, downButton))}
              />
              <IconButton
                ref={downButton}
                icon="down"
                label={`Move ${item.title} down`}
                disabled={!reorder.moveDown}
                onClick={() => reorder.moveDown?.(moveButton(downButton, upButton))}
              />
            </>
          ) : null}
          <IconButton
            ref={removeButton}
            icon="trash"
            tone="danger"
            label={`Remove ${item.title} from watchlist`}
            onClick={() => removeWithUndo(item)}
          />
        </span>
      </div>
      {dialogs.dialog}
    </article>
  )
})
