import type { RecommendationItem, RecommendationStatus } from '@reelmates/contracts/recommendations'
import type { FriendshipItem } from '@reelmates/contracts/friendships'
import type { MediaRef } from '@reelmates/contracts/media'
import type { MediaFriendsAnswer } from '@reelmates/contracts/profiles'
import { ratingLabel } from '../library/rating'
import type { Answer } from './recommendationCalls'

/** An answer to a received recommendation, in product words: what the screen folds while it is on its way. */
export interface AnswerChange {
  id: string
  answer: Answer
  title: string
  /** An accept of a title on the watchlist already: it stays as it was, and the toast must not say "Added". */
  listedAlready?: boolean
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
 * The received list in the order this visit first showed it: the server puts what waits for an
 * answer first, so an answered card would jump to the end and the next one slide under the finger
 * that answered (a double tap answered two). A card keeps its place while the page is open; one that
 * arrives meanwhile goes on top. `places` remembers the order between calls.
 */
export function inPlace<T extends { id: string }>(items: readonly T[], places: Map<string, number>): T[] {
  const fresh = items.filter((item) => !places.has(item.id))
  // The first answer sets the order; later arrivals go above everything, in the server's order.
  const start = places.size === 0 ? 0 : Math.min(...places.values()) - fresh.length
  fresh.forEach((item, index) => places.set(item.id, start + index))
  const place = (item: T) => places.get(item.id) ?? 0
  return [...items].sort((a, b) => place(a) - place(b))
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

/**
 * What the friend picker says beside a friend for this title: your recommendation still waiting on
 * them (a second is refused), their public watch with its stars, or the title on their watchlist —
 * what the title's page already shows of them — so nobody is sent what they have seen or kept.
 */
export function friendHints(
  title: MediaRef,
  friendsOfTitle: MediaFriendsAnswer | undefined,
  sent: readonly RecommendationItem[],
): Map<string, string> {
  const hints = new Map<string, string>()
  for (const user of friendsOfTitle?.watchlist.users ?? []) hints.set(user.username, 'On their watchlist')
  for (const watch of friendsOfTitle?.watched ?? [])
    hints.set(watch.user.username, watch.rating === null ? 'Watched it' : `Watched it · ${ratingLabel(watch.rating)}`)
  for (const item of sent)
    if (item.to && item.status === 'pending' && item.tmdbId === title.tmdbId && item.mediaType === title.mediaType)
      hints.set(item.to.username, 'You recommended it, no answer yet')
  return hints
}

/**
 * What the Sent tab says of a recommendation's status: "Watched · 4½ stars" once they rated it. An
 * accept says only that: the title may have been on their watchlist already, or leave it later, and
 * the sender is not told their watchlist.
 */
export function sentStatusLabel(item: Pick<RecommendationItem, 'status' | 'rating'>): string {
  switch (item.status) {
    case 'pending':
      return 'Waiting for an answer'
    case 'accepted':
      return 'Accepted'
    case 'dismissed':
      return 'Passed'
    case 'watched':
      return item.rating === null ? 'Watched' : `Watched · ${ratingLabel(item.rating)}`
  }
}
