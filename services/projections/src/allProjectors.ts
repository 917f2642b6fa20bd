import type { Projector } from './projector'
import { activities } from './activities/activities'
import { friendsProjectors } from './friends/friendsProjectors'
import { users } from './users/users'
import { watchedItems } from './watched/watchedItems'
import { watchlistItems } from './watchlist/watchlistItems'
import { eventIndex } from './eventHistory/eventIndex'
import { analytics } from './analytics/analytics'

/** Every read model the product serves; the runner keeps each one up to date. */
export const allProjectors: readonly Projector[] = [
  users,
  watchlistItems,
  watchedItems,
  activities,
  ...friendsProjectors,
  eventIndex,
  analytics,
]
