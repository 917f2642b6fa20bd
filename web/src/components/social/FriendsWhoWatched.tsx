import type { MediaRef } from '@reelmates/contracts/media'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { mediaFriendsQuery } from '../../features/friends/queries'
import { StarRating } from '../library/StarRating'
import { Avatar } from './Avatar'
import { Recommends } from './PublicWatchList'
import { panel } from './socialStyles'
import { SpoilerReview } from './SpoilerReview'
import { watchDayLabel } from '../../features/library/watchedDate'
import { appLocale } from '../../lib/appLocale'

/** Friends' ratings are 1–10; the average reads as stars out of five, one decimal. */
const averageInStars = (rating: number) => (rating / 2).toLocaleString(appLocale, { maximumFractionDigits: 1 })

/**
 * A title's page, beside where to watch it: which friends watched it (their stars, a line of their
 * review, the average) and how many keep it on their watchlist. Nothing at all when no friend has.
 */
export function FriendsWhoWatched({ title }: { title: MediaRef }) {
  const query = useQuery(mediaFriendsQuery(title))
  const answer = query.data
  if (!answer || (answer.watched.length === 0 && answer.watchlist.count === 0)) return null
  const { watched, averageRating, watchlist } = answer

  return (
    <section aria-labelledby="friends-watched-heading" className={`${panel} mb-4`}>
      <h2 id="friends-watched-heading" className="text-lg font-semibold text-white">
        {watched.length > 0 ? 'Friends who watched this' : 'Friends'}
      </h2>
      {averageRating !== null ? (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-zinc-400">
          <span>Friends' average</span>
          <StarRating rating={averageRating} numberInPrint={false} />
          <span className="font-semibold tabular-nums text-zinc-200">
            {averageInStars(averageRating)}
            <span className="sr-only"> stars</span>
          </span>
        </p>
      ) : null}
      {watched.length > 0 ? (
        <ul className="mt-3 grid gap-3">
          {watched.map((watch) => (
            <li key={watch.user.id} className="flex gap-3">
              <Avatar username={watch.user.username} avatarUrl={watch.user.avatarUrl} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link
                    to="/profile/$username"
                    params={{ username: watch.user.username }}
                    className="font-semibold text-zinc-100 hover:underline"
                  >
                    <bdi>{watch.user.username}</bdi>
                  </Link>
                  <StarRating rating={watch.rating} />
                  {watch.recommend ? <Recommends /> : null}
                </div>
                {watch.reviewExcerpt ? (
                  <SpoilerReview text={`“${watch.reviewExcerpt}”`} containsSpoilers={watch.containsSpoilers} />
                ) : null}
                <p className="mt-0.5 text-xs text-zinc-400">{watchDayLabel(watch)}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {watchlist.count > 0 ? (
        <div className={`flex items-center gap-3 ${watched.length > 0 ? 'mt-4 border-t border-white/5 pt-3' : 'mt-3'}`}>
          <div className="flex -space-x-2" aria-hidden="true">
            {watchlist.users.slice(0, 4).map((user) => (
              <Avatar
                key={user.id}
                username={user.username}
                avatarUrl={user.avatarUrl}
                size="xs"
                className="ring-2 ring-panel"
              />
            ))}
          </div>
          <p className="text-sm text-zinc-300">
            On {watchlist.count} {watchlist.count === 1 ? "friend's watchlist" : "friends' watchlists"}
            <span className="sr-only">: {watchlist.users.map((user) => user.username).join(', ')}</span>
          </p>
        </div>
      ) : null}
    </section>
  )
}
