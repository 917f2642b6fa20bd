import type { RecommendationItem, RecommendationStatus } from '@reelmates/contracts/recommendations'
import type { FriendshipItem } from '@reelmates/contracts/friendships'
import { ratingLabel } from '../library/rating'
import type { Answer } from './recommendationCalls'

/** An answer to a received recommendation, in product words: what the screen folds while it is on its way. */
export interface AnswerChange {
  id: string
  answer: Answer
  title: string
}

const statusAfter: Record<Answer, RecommendationStatus> = {
  accept: 'accepted',
  dismiss: 'dismissed',
  restore: 'pending',
}

/** The received list with an answer applied (the optimistic overlay and the confirmed change alike). */
export function withAnswer(items: RecommendationItem[], change: AnswerChange): RecommendationItem[] {
  return items.map((item) => (item.id === change.id ? { ...item, status: statusAfter[change.answer] } : item))
}

/**
 * The friends to pick from: those whose name contains the search, the ones I recommended to most
 * recently first (from what I sent), then everyone else by name.
 */
export function friendsToPick(
  friends: readonly FriendshipItem[],
  sent: readonly RecommendationItem[],
  search: string,
): FriendshipItem[] {
  const lastSent = new Map<string, string>()
  for (const item of sent)
    if (item.to && (lastSent.get(item.to.username) ?? '') < item.createdAt)
      lastSent.set(item.to.username, item.createdAt)
  const wanted = search.trim().toLowerCase()
  return friends
    .filter((friend) => friend.user.username.toLowerCase().includes(wanted))
    .sort((a, b) => {
      const recentA = lastSent.get(a.user.username) ?? ''
      const recentB = lastSent.get(b.user.username) ?? ''
      return recentB.localeCompare(recentA) || a.user.username.localeCompare(b.user.username)
    })
}

/** What the Sent tab says of a recommendation's status: "Watched · 4½ stars" once they rated it. */
export function sentStatusLabel(item: Pick<RecommendationItem, 'status' | 'rating'>): string {
  switch (item.status) {
    case 'pending':
      return 'Waiting for an answer'
    case 'accepted':
      return 'Accepted · on their watchlist'
    case 'dismissed':
      return 'Passed'
    case 'watched':
      return item.rating === null ? 'Watched' : `Watched · ${ratingLabel(item.rating)}`
  }
}
