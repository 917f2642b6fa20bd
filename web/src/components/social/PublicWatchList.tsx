import type { ProfileWatch } from '@reelmates/contracts/profiles'
import { Link } from '@tanstack/react-router'
import { useFocusOnArrival } from '../../lib/focusOnArrival'
import { RewatchMark } from '../library/watchedEntryParts'
import { StarRating } from '../library/StarRating'
import { MediaPoster } from '../media/MediaPoster'
import { SpoilerReview } from './SpoilerReview'
import { watchDayLabel } from '../../features/library/watchedDate'

/** A "recommends it" mark beside a rating, as friends' watches show it. */
export function Recommends() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-400/10 px-2 py-0.5 text-xs font-medium text-emerald-300 ring-1 ring-emerald-400/20">
      <svg viewBox="0 0 20 20" className="h-3 w-3 fill-current" aria-hidden="true">
        <path d="M2 9h3v9H2zm5 9h7.4a2 2 0 0 0 2-1.6l1.2-6A2 2 0 0 0 15.6 8H12l.6-3.4A2 2 0 0 0 10.7 2L7 8z" />
      </svg>
      Recommends
    </span>
  )
}

interface PublicWatchListProps {
  watches: ProfileWatch[]
  /** The title link at this place takes focus once it is shown (the first of those "Show more" brought). */
  focusAt?: number | null | undefined
  onFocused?: (() => void) | undefined
  /** The reader's own watches: their spoiler reviews are shown to them. */
  own?: boolean
}

/** A member's public watches, latest first: poster, title, stars, and the review in their words. */
export function PublicWatchList({ watches, focusAt = null, onFocused, own = false }: PublicWatchListProps) {
  const refAt = useFocusOnArrival<HTMLAnchorElement>(focusAt, watches.length, onFocused)
  return (
    <ol className="divide-y divide-white/5">
      {watches.map((watch, index) => {
        const year = watch.releaseDate?.slice(0, 4)
        return (
          <li key={watch.id} className="flex gap-4 py-4 first:pt-0">
            <Link
              to="/media/$mediaType/$id"
              params={{ mediaType: watch.mediaType, id: String(watch.tmdbId) }}
              className="w-16 shrink-0 sm:w-20"
              tabIndex={-1}
              aria-hidden="true"
            >
              <MediaPoster title={watch.title} posterPath={watch.posterPath} year={year} seed={watch.tmdbId} />
            </Link>
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-white">
                <Link
                  ref={refAt(index)}
                  to="/media/$mediaType/$id"
                  params={{ mediaType: watch.mediaType, id: String(watch.tmdbId) }}
                  className="hover:underline"
                >
                  {watch.title}
                </Link>{' '}
                {year ? <span className="font-normal text-zinc-400">{year}</span> : null}
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-400">
                <StarRating rating={watch.rating} />
                {watch.recommend ? <Recommends /> : null}
                <span>Watched {watchDayLabel(watch)}</span>
                {watch.rewatch ? <RewatchMark /> : null}
              </div>
              {watch.review ? (
                <SpoilerReview text={watch.review} containsSpoilers={watch.containsSpoilers} byReader={own} />
              ) : null}
            </div>
          </li>
        )
      })}
    </ol>
  )
}
