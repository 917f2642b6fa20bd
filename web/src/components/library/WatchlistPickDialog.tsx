import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { pickPlace } from '../../features/library/watchlistPick'
import { useModalDialog } from '../../lib/modalDialog'
import { MediaPoster } from '../media/MediaPoster'
import { DialogCloseButton } from '../shell/DialogCloseButton'
import { kindOf, yearOf } from './libraryTitle'

const secondary =
  'rounded-full px-5 py-2.5 text-sm font-medium text-zinc-200 ring-1 ring-white/10 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-amber-400'
const primary =
  'rounded-full bg-amber-400 px-6 py-2.5 text-sm font-semibold text-zinc-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400'

/**
 * "Pick one for me": one title of the watchlist as it is shown (its filters too, so "streaming on
 * Netflix" picks among those), at random, for the evening nobody can choose. "Pick another" never
 * gives the same one twice in a row.
 */
export function WatchlistPickDialog({ items, onClose }: { items: WatchlistItem[]; onClose: () => void }) {
  const id = useId()
  const [place, setPlace] = useState(() => pickPlace(items.length, null))
  const { close, dialogProps } = useModalDialog({ onClose })
  const item = place === null ? undefined : items[place]
  const year = item ? yearOf(item.releaseDate) : undefined
  return (
    <dialog
      {...dialogProps}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-from`}
      className="m-0 mt-auto w-full max-w-none rounded-t-2xl border border-white/10 bg-ink p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-md sm:rounded-2xl"
    >
      <div className="space-y-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-semibold uppercase tracking-widest text-amber-400">Picked for you</p>
            <p id={`${id}-from`} className="mt-1 text-xs text-zinc-400">
              From the {items.length} {items.length === 1 ? 'title' : 'titles'} on your watchlist as shown
            </p>
          </div>
          <DialogCloseButton onClose={close} />
        </div>
        {item ? (
          <div className="flex gap-4" aria-live="polite">
            <div className="w-24 shrink-0 sm:w-28">
              <MediaPoster title={item.title} posterPath={item.posterPath} year={year} seed={item.tmdbId} priority />
            </div>
            <div className="min-w-0">
              <h2 id={`${id}-title`} className="font-serif text-xl font-semibold text-white">
                {item.title}
              </h2>
              <p className="mt-1 text-sm text-zinc-400">{[year, kindOf(item.mediaType)].filter(Boolean).join(' · ')}</p>
              {item.note ? (
                <p className="mt-2 whitespace-pre-line text-sm text-zinc-300 [overflow-wrap:anywhere]">
                  <span className="sr-only">Your note: </span>
                  {item.note}
                </p>
              ) : null}
            </div>
          </div>
        ) : (
          <h2 id={`${id}-title`} className="font-serif text-xl font-semibold text-white">
            Nothing to pick from
          </h2>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {items.length > 1 ? (
            <button
              type="button"
              onClick={() => setPlace((current) => pickPlace(items.length, current))}
              className={secondary}
            >
              Pick another
            </button>
          ) : null}
          {item ? (
            <Link
              to="/media/$mediaType/$id"
              params={{ mediaType: item.mediaType, id: String(item.tmdbId) }}
              className={primary}
            >
              Open {item.title}
            </Link>
          ) : null}
        </div>
      </div>
    </dialog>
  )
}
