import type { MediaResult } from '@reelmates/contracts/catalog'
import { useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react'
import { LibraryMarksProvider } from '../../features/library/libraryMarks'
import { useFocusStaysInList } from '../../lib/focusLost'
import { useNearViewport } from '../../lib/nearViewport'
import { MediaTile } from './MediaTile'
import { cardWidth, cardsAcrossScreen } from './layout'
import { PosterRowSkeleton, PosterStandIn } from './MediaSkeletons'
import { Loading } from '../shell/NotSavedOffline'
import { RowArrows } from './RowArrows'

interface MediaRowProps {
  /** The heading, e.g. "Trending movies", or a provider logo with its name. */
  heading: ReactNode
  /** Plain-text name for assistive technology when the heading is a logo. */
  label: string
  /** "See all" link to the full list, rendered by the caller so it stays typed. */
  seeAll?: ReactNode
  results: readonly MediaResult[] | undefined
  isLoading: boolean
  /** What to say when the row has nothing (an offline note, a failure). */
  emptyMessage?: string | undefined
  /** The first row of a page loads its posters eagerly. */
  priority?: boolean
  /** A quiet line under the heading, e.g. what an offline list really stands for. */
  caption?: string | undefined
  /** A last tile after the posters, e.g. "See all on Netflix". */
  trailing?: ReactNode
  /** A line under a card's title, e.g. which friends loved it. */
  noteOf?: ((media: MediaResult) => string | undefined) | undefined
}

/**
 * A horizontally scrolling row of posters. Native scroll with snap points: a thumb or a trackpad
 * flicks through it, and on larger screens arrow buttons page it.
 */
export function MediaRow({
  heading,
  label,
  seeAll,
  results,
  isLoading,
  emptyMessage,
  priority = false,
  trailing,
  caption,
  noteOf,
}: MediaRowProps) {
  const track = useRef<HTMLUListElement>(null)
  // A phone's home has eight rows of up to twenty cards, about 25 elements each, and styling and
  // laying them out was most of its load. A row renders its cards once it comes within a screen of
  // the view (the first row of a page at once), and only as many as fit across the screen until a
  // hand is on it: a pointer over it or pressing it, focus inside it, or a scroll. The cards after
  // those are plain shapes of the same width until then, so the row scrolls as far from the start.
  const [section, near] = useNearViewport<HTMLElement>('100% 0px', priority)
  const [handled, setHandled] = useState(false)
  const handle = handled ? undefined : () => setHandled(true)
  // A card can leave with the focus in it (Up next's title logged and taken off the watchlist, from its
  // dialog): the keyboard goes on to the same control of the card then in its place.
  const followFocus = useFocusStaysInList(track)
  // How many cards fit across was read at the last render: a wider window draws them all. Only the
  // width counts; a phone's address bar coming and going while scrolling changes only the height.
  useEffect(() => {
    if (handled) return
    const width = window.innerWidth
    const widened = () => {
      if (window.innerWidth > width) setHandled(true)
    }
    window.addEventListener('resize', widened)
    return () => window.removeEventListener('resize', widened)
  }, [handled])
  // A row's tiles are many small components (poster, watched mark, three buttons each). Rendered as
  // their data lands, the rows of a page add up to one long task that blocks a phone; deferred, React
  // renders them in the background and yields between tiles, while the row keeps its skeleton. The
  // first row of a page (`priority`, at the top of the screen) is rendered at once when its list is
  // there, so coming back to a page shows it without a skeleton.
  const shown = useDeferredValue(results, priority ? results : undefined)
  // The row's one subscription to my lists is made when the row is, not when its cards first draw: with
  // answers never fresh (spec §9), a subscription made as each row came into reach asked for both
  // lists again, and every row's cards were drawn again when they came back.
  return (
    <LibraryMarksProvider>
      <section ref={section} aria-label={label} className="group/row relative">
        <div className="mb-3 flex items-end justify-between gap-4">
          <h2 className="flex items-center gap-3 text-lg font-semibold tracking-tight text-white sm:text-xl">
            {heading}
          </h2>
          {seeAll}
        </div>
        {caption && shown && shown.length > 0 ? (
          <p className="-mt-2 mb-3 max-w-3xl text-xs text-zinc-400">{caption}</p>
        ) : null}
        {isLoading || (results !== undefined && shown === undefined) ? (
          <Loading what="This row" size="row">
            <PosterRowSkeleton />
          </Loading>
        ) : shown && shown.length > 0 && !near ? (
          <PosterRowSkeleton still />
        ) : shown && shown.length > 0 ? (
          <div className="relative">
            <ul
              ref={track}
              onPointerEnter={handle}
              onPointerDown={handle}
              onTouchStart={handle}
              onFocus={(event) => {
                handle?.()
                followFocus(event)
              }}
              onScroll={handle}
              className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:gap-4 md:-mx-8 md:scroll-px-8 md:px-8 print:mx-0 print:flex-wrap print:px-0 [&::-webkit-scrollbar]:hidden"
            >
              {shown.map((media, index) => (
                <li key={`${media.media_type}-${media.id}`} className={`${cardWidth} snap-start`}>
                  {handled || index < cardsAcrossScreen() ? (
                    <MediaTile media={media} priority={priority && index < 4} note={noteOf?.(media)} />
                  ) : (
                    <PosterStandIn />
                  )}
                </li>
              ))}
              {trailing ? <li className={`${cardWidth} snap-start`}>{trailing}</li> : null}
            </ul>
            <RowArrows track={track} />
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-sm text-zinc-400">
            {emptyMessage ?? 'Nothing to show here right now.'}
          </p>
        )}
      </section>
    </LibraryMarksProvider>
  )
}
