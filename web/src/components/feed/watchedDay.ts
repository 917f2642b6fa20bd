import type { FeedItem } from '@reelmates/contracts/feed'
import { dayOfWatch, localDay } from '../../features/library/watchedDate'

/**
 * A watch logged within this of its own instant was logged as it was watched ("today" takes the
 * server's now). An earlier day is kept at that day's noon, at least half a day before any logging.
 */
const loggedAsWatchedMs = 60 * 60_000

/**
 * The day a watch says it was watched (`YYYY-MM-DD`, the writer's), when that is not the day it was
 * logged: a film logged today as watched last year reads "Watched 3 Nov 2025 · logged 13 minutes
 * ago", not as if it had just been seen. Null for a watch logged as it was watched (the time of
 * logging says it all) and for anything but a watch.
 *
 * Decided the same for every reader: by the watch's instant beside the logging's, not by the days
 * they fall on here, since a day here is not the writer's (logged on a Tokyo morning for the night
 * before, it is still that night's day in New York). A watch recorded before its writer's day was
 * kept has only its instant: its days here are all there is.
 */
export function earlierWatchDay(
  item: Pick<FeedItem, 'activityType' | 'watchedAt' | 'watchedOn' | 'createdAt'>,
): string | null {
  if (item.activityType !== 'watched' || item.watchedAt === null) return null
  const watched = Date.parse(item.watchedAt)
  if (Number.isNaN(watched)) return null
  if (item.watchedOn === null) {
    const day = localDay(new Date(watched))
    return day === localDay(new Date(item.createdAt)) ? null : day
  }
  if (Math.abs(Date.parse(item.createdAt) - watched) <= loggedAsWatchedMs) return null
  return dayOfWatch({ watchedAt: item.watchedAt, watchedOn: item.watchedOn })
}
