import type { Projector } from './projector'
import { activities } from './activities/activities'
import { feedProjectors } from './feed/feedProjectors'
import { friendsProjectors } from './friends/friendsProjectors'
import { users } from './users/users'
import { watchedItems } from './watched/watchedItems'
import { watchlistItems } from './watchlist/watchlistItems'

/** Every read model the product serves; the runner keeps each one up to date. */
export const allProjectors: readonly Projector[] = [
  users,
  watchlistItems,
  watchedItems,
  activities,
  ...friendsProjectors,
  ...feedProjectors,
]
