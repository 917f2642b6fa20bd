import type { FeedItem } from '@reelmates/contracts/feed'
import { localDay } from '../../features/library/watchedDate'

/**
 * The day a watch says it was watched, when that is not the day it was logged: a film logged today
 * as watched last year reads "Watched 3 Nov 2025 · logged 13 minutes ago", not as if it had just
 * been seen. Null for a watch logged the day it was watched (the time of logging says it all) and
 * for anything but a watch.
 */
export function earlierWatchDay(item: Pick<FeedItem, 'activityType' | 'watchedAt' | 'createdAt'>): Date | null {
  if (item.activityType !== 'watched' || item.watchedAt === null) return null
  const watched = new Date(item.watchedAt)
  if (Number.isNaN(watched.getTime())) return null
  return localDay(watched) === localDay(new Date(item.createdAt)) ? null : watched
}
