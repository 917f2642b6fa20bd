import type { FeedItem } from '@reelmates/contracts/feed'
import { dayOfWatch, localDay } from '../../features/library/watchedDate'

/**
 * The day a watch says it was watched (`YYYY-MM-DD`, the writer's), when that is not the day it was
 * logged: a film logged today as watched last year reads "Watched 3 Nov 2025 · logged 13 minutes
 * ago", not as if it had just been seen. Null for a watch logged the day it was watched (the time of
 * logging says it all) and for anything but a watch.
 */
export function earlierWatchDay(
  item: Pick<FeedItem, 'activityType' | 'watchedAt' | 'watchedOn' | 'createdAt'>,
): string | null {
  if (item.activityType !== 'watched' || item.watchedAt === null) return null
  if (item.watchedOn === null && Number.isNaN(new Date(item.watchedAt).getTime())) return null
  const day = dayOfWatch({ watchedAt: item.watchedAt, watchedOn: item.watchedOn })
  return day === localDay(new Date(item.createdAt)) ? null : day
}
