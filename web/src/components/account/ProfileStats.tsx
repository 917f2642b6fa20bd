import { favouriteMinRating, type MyStatsAnswer } from '@reelmates/contracts/myStats'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { myStatsQuery } from '../../features/account/profileCalls'
import { libraryKeys } from '../../features/library/libraryQueries'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { ratingLabel, starsText } from '../../features/library/rating'
import { StarRating } from '../library/StarRating'
import { MediaPoster } from '../media/MediaPoster'
import { Loading } from '../shell/NotSavedOffline'
import { TryAgain } from '../shell/TryAgain'
import { useShownFailure } from '../../lib/shownFailure'

const tile = 'rounded-2xl border border-white/5 bg-panel p-4'

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail: ReactNode }) {
  return (
    <div className={tile}>
      <dt className="text-xs font-medium uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-white">{value}</dd>
      <dd className="mt-1 text-sm text-zinc-400">{detail}</dd>
    </div>
  )
}

/**
 * The average as stars out of five, the scale ratings are given in; the stored ratings run 1–10,
 * so a single three-star rating averages 6 and reads "3.0 / 5".
 */
function AverageStars({ rating }: { rating: number }) {
  return (
    <>
      {(rating / 2).toFixed(1)}
      <span aria-hidden="true" className="text-lg font-semibold text-zinc-400">
        {' / 5'}
      </span>
      <span className="sr-only"> stars out of 5</span>
    </>
  )
}

/**
 * How my ratings spread from ½★ to 5★, a bar for each half star (as Letterboxd's histogram): the
 * shape says more than the average, a harsh critic and a generous one can share a 3.5.
 */
function RatingSpread({ spread }: { spread: number[] }) {
  const most = Math.max(1, ...spread)
  return (
    <div className="mt-3">
      <ol aria-label="My ratings, ½ to 5 stars" className="flex h-12 items-end gap-1">
        {spread.map((count, index) => {
          const rating = index + 1
          const words = `${ratingLabel(rating)}: ${count} ${count === 1 ? 'rating' : 'ratings'}`
          return (
            <li key={rating} title={words} className="flex h-full flex-1 items-end">
              <span className="sr-only">{words}</span>
              {/* Paper has no backgrounds (styles.css, print): there the bar is its outline. */}
              <span
                aria-hidden="true"
                className={`block w-full rounded-sm forced-color-adjust-none print:border print:border-black ${count === 0 ? 'bg-white/10' : 'bg-amber-400/80'}`}
                style={{ height: count === 0 ? '2px' : `${Math.max(8, (count / most) * 100)}%` }}
              />
            </li>
          )
        })}
      </ol>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-zinc-400">
        <span>{starsText(1)}★</span>
        <span>{starsText(spread.length)}★</span>
      </div>
    </div>
  )
}

/** A ranked list with a bar per entry, or what to do to fill it when it is empty. */
function Ranked({ title, items, empty }: { title: string; items: { name: string; watches: number }[]; empty: string }) {
  const most = items[0]?.watches ?? 1
  return (
    <div className={tile}>
      <h3 className="text-sm font-semibold text-white">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">{empty}</p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {items.map((item) => (
            <li key={item.name} className="grid gap-1">
              <div className="flex justify-between gap-3 text-sm">
                <span className="text-zinc-100">{item.name}</span>
                <span className="text-zinc-400">
                  {item.watches} {item.watches === 1 ? 'watch' : 'watches'}
                </span>
              </div>
              <div className="h-1.5 rounded-full bg-white/5" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-reel forced-color-adjust-none"
                  style={{ width: `${(item.watches / most) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

/** `rated`: how many ratings I gave; given some, an empty list means none was high enough to count. */
function Favourites({ favourites, rated }: { favourites: MyStatsAnswer['favourites']; rated: number }) {
  return (
    <div className={`${tile} sm:col-span-2`}>
      <h3 className="text-sm font-semibold text-white">My highest rated</h3>
      {favourites.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">
          {rated === 0
            ? 'Rate what you watch and your favourites will show here.'
            : `Titles you rate ${starsText(favouriteMinRating)}★ or more will show here.`}
        </p>
      ) : (
        <ol className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {favourites.map((title) => (
            <li key={`${title.mediaType}-${title.tmdbId}`} className="grid gap-1.5">
              <Link to="/media/$mediaType/$id" params={{ mediaType: title.mediaType, id: String(title.tmdbId) }}>
                <MediaPoster title={title.title} posterPath={title.posterPath} seed={title.tmdbId} />
                <span className="mt-1.5 block text-sm font-medium leading-snug text-zinc-100 hover:underline">
                  {title.title}
                </span>
              </Link>
              <StarRating rating={title.rating} />
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

function StatsBody({ stats }: { stats: MyStatsAnswer }) {
  if (stats.watchedTotal === 0) {
    return (
      <div className={tile}>
        <p className="text-zinc-200">You haven&apos;t logged a watch yet.</p>
        <p className="mt-1 text-sm text-zinc-400">
          Mark titles as watched and this is where you&apos;ll see how much you watched this year, your average rating,
          your favourite genres and the services you watch on.
        </p>
        <Link to="/search" className="mt-3 inline-block text-sm font-semibold text-reel hover:underline">
          Find something to watch
        </Link>
      </div>
    )
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <dl className="contents">
        <Figure
          label={`Watched in ${stats.year}`}
          value={stats.watchedThisYear}
          detail={`${stats.watchedTotal} in all, rewatches included`}
        />
        <Figure
          label="Average rating"
          value={stats.averageRating === null ? '—' : <AverageStars rating={stats.averageRating} />}
          detail={
            stats.ratedCount === 0 ? (
              'No ratings yet'
            ) : (
              <>
                From {stats.ratedCount} {stats.ratedCount === 1 ? 'rating' : 'ratings'}
                <RatingSpread spread={stats.ratingSpread} />
              </>
            )
          }
        />
      </dl>
      <Ranked
        title="Top genres"
        items={stats.topGenres}
        empty="The titles you logged have no genres in our catalog yet."
      />
      <Ranked
        title="Most-watched services"
        items={stats.topServices}
        empty="Say where you watched when you log a watch, and your services will show here."
      />
      <Favourites favourites={stats.favourites} rated={stats.ratedCount} />
    </div>
  )
}

const bar = 'animate-pulse rounded bg-panel-2'

/** A figure's tile while it comes: its label, its number and the line under it. */
function FigureSkeleton({ children }: { children?: ReactNode }) {
  return (
    <div className={tile}>
      <div className={`${bar} h-4 w-1/2`} />
      <div className={`${bar} mt-1 h-9 w-16`} />
      <div className={`${bar} mt-1 h-5 w-2/3`} />
      {children}
    </div>
  )
}

function RankedSkeleton() {
  return (
    <div className={tile}>
      <div className={`${bar} h-5 w-1/3`} />
      <div className="mt-3 grid gap-2">
        {[100, 70, 45].map((width) => (
          <div key={width} className="grid gap-1">
            <div className={`${bar} h-5 w-1/2`} />
            <div className={`${bar} h-1.5 rounded-full`} style={{ width: `${width}%` }} />
          </div>
        ))}
      </div>
    </div>
  )
}

/**
 * The numbers' place while they come, in the shape of what replaces it (`StatsBody` for a member who
 * has logged watches): a short bar here was replaced by several hundred pixels of tiles, which pushed
 * "My comments" and the settings down the page.
 */
function StatsSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading your numbers">
      <FigureSkeleton />
      <FigureSkeleton>
        <div className={`${bar} mt-3 h-12`} />
        <div className="mt-1 h-4" />
      </FigureSkeleton>
      <RankedSkeleton />
      <RankedSkeleton />
      <div className={`${tile} sm:col-span-2`}>
        <div className={`${bar} h-5 w-1/3`} />
        <div className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {Array.from({ length: 5 }, (_, index) => (
            <div key={index} className={`grid gap-1.5 ${index >= 3 ? 'max-sm:hidden' : ''}`}>
              <div className={`${bar} aspect-[2/3] rounded-lg`} />
              <div className={`${bar} mt-1.5 h-4 w-3/4`} />
              <div className={`${bar} h-4 w-1/2`} />
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}

/** The place of "You haven't logged a watch yet", in its shape: two lines and a link. */
function EmptyStatsSkeleton() {
  return (
    <div className={tile} aria-busy="true" aria-label="Loading your numbers">
      <div className={`${bar} h-5 w-1/2`} />
      <div className={`${bar} mt-2 h-4 w-full`} />
      <div className={`${bar} mt-1 h-4 w-2/3`} />
      <div className={`${bar} mt-4 h-4 w-40`} />
    </div>
  )
}

/** /profile's numbers: my own watching (private watches too: only I see this). */
export function ProfileStats() {
  const stats = useQuery(myStatsQuery())
  const failure = useShownFailure(stats)
  // Whether I have logged a watch, when this visit already knows it (home's cards ask): a new member's
  // numbers are one short tile, and a placeholder shaped like a full set made the page jump 700 px.
  const watched = useQueryClient().getQueryData<WatchedTitle[]>(libraryKeys.watchedTitles())
  return (
    <section aria-labelledby="my-stats-title" className="grid gap-3">
      <h2 id="my-stats-title" className="text-lg font-semibold text-white">
        My watching
      </h2>
      {stats.data ? (
        <StatsBody stats={stats.data} />
      ) : failure ? (
        <div role="alert" className={tile}>
          <p className="text-sm text-zinc-300">We couldn&apos;t load your numbers.</p>
          <TryAgain
            onRetry={() => void stats.refetch()}
            failure={failure}
            className="mt-2 text-sm"
            look="font-semibold text-reel hover:underline"
          />
        </div>
      ) : (
        <Loading what="This summary" size="row">
          {watched?.length === 0 ? <EmptyStatsSkeleton /> : <StatsSkeleton />}
        </Loading>
      )}
    </section>
  )
}
