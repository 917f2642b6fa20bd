import type { ActivityType, FeedItem } from '@reelmates/contracts/feed'

export const kindWords: Record<ActivityType, string> = {
  watched: 'watch',
  watchlist_add: 'watchlist add',
  recommendation: 'recommendation',
  friendship: 'new friendship',
}

/**
 * What an activity is, as a screen reader names the controls about it: "ann's watch of Dune", "your
 * rewatch of Alien", "your new friendship with ann". A feed's controls are listed by name apart from
 * their card (a screen reader's list of buttons), where fifty "Reactions to this activity" and
 * "0 comments" could not be told apart.
 */
export function activityName(item: FeedItem, meId: string | undefined): string {
  if (item.activityType === 'friendship') {
    const other = item.target?.username ?? 'someone'
    if (item.user.id === meId) return `your new friendship with ${other}`
    if (item.target?.id === meId) return `your new friendship with ${item.user.username}`
    return `${item.user.username} and ${other}'s new friendship`
  }
  const whose = item.user.id === meId ? 'your' : `${item.user.username}'s`
  const kind = item.activityType === 'watched' && item.rewatch ? 'rewatch' : kindWords[item.activityType]
  return `${whose} ${kind} of ${item.mediaTitle ?? 'a title'}`
}
