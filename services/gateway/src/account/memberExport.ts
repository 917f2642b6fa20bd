import type { MemberExport } from '@reelmates/contracts/memberExport'
import type { MyCommentItem } from '@reelmates/contracts/feed'
import type { RecommendationItem } from '@reelmates/contracts/recommendations'
import { AccountGone } from '@reelmates/commands/account/errors'
import { feedQueries, type ActivityPlace } from '@reelmates/projections/feed/feedQueries'
import { friendsQueries } from '@reelmates/projections/friends/friendsQueries'
import { recommendationQueries } from '@reelmates/projections/recommendations/recommendationQueries'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { watchedQueries } from '@reelmates/projections/watched/watchedQueries'
import { watchlistQueries } from '@reelmates/projections/watchlist/watchlistQueries'
import { watchedRows, watchlistRows } from '../library/exportRows'
import type { Platform } from '../platform'
import { readUser } from './userDocument'

/** The read models the export reads through, for `readsFrom` (read-your-writes waits for these). */
export const memberExportReads = [
  userQueries,
  watchlistQueries,
  watchedQueries,
  friendsQueries,
  feedQueries,
  recommendationQueries,
] as const

/** How many of my comments one read of the store takes (the comment list's largest page). */
const commentsPerRead = 50

/**
 * Everything of the member's that the read models hold, gathered through each folder's own queries,
 * so the export shows what the app shows: other members by their current username, a deleted one
 * left out (or null where a name would be), a private watch only to its owner.
 */
export async function memberExport(platform: Platform, userId: string): Promise<MemberExport> {
  const db = platform.readStore
  const exportedAt = platform.now()
  const user = await readUser(platform, userId)
  // The account was deleted from another device while this session still stood.
  if (!user) throw new AccountGone()
  const feed = feedQueries(db)
  const [watchlist, watched, friends, comments, reactions, sent, received] = await Promise.all([
    watchlistQueries(db).all(userId),
    watchedQueries(db).all(userId),
    friendsQueries(db).overview(userId),
    allMyComments(feed, userId),
    feed.myReactions(userId),
    recommendationQueries(db).sent(userId),
    recommendationQueries(db).received(userId),
  ])
  return {
    exportedAt: exportedAt.toISOString(),
    account: {
      username: user.username,
      email: user.email,
      bio: user.bio,
      location: user.location,
      avatarUrl: user.avatarUrl,
      createdAt: user.createdAt,
      role: user.role,
      digestType: user.digestType,
      receiveCampaignEmails: user.receiveCampaignEmails,
      pushNotificationsEnabled: user.pushNotificationsEnabled,
    },
    watchlist: watchlistRows(watchlist),
    watched: watchedRows(watched),
    friends: {
      friends: friends.friends.map((item) => ({ username: item.user.username, since: item.since })),
      requestsSent: friends.outgoing.map((item) => ({ username: item.user.username, sentAt: item.since })),
      requestsReceived: friends.incoming.map((item) => ({ username: item.user.username, sentAt: item.since })),
    },
    comments: comments.map((comment) => ({
      content: comment.content,
      createdAt: comment.createdAt,
      updatedAt: comment.updatedAt,
      on: placeOf(comment.activity),
    })),
    reactions: reactions.map((reaction) => ({
      emoji: reaction.emoji,
      createdAt: reaction.createdAt,
      on: placeOf(reaction.activity),
      comment: reaction.comment && { commentId: reaction.comment.id, author: reaction.comment.author },
    })),
    recommendations: {
      // One sent to an address shows no `to`: the address is the recipient's.
      sent: sent.map((item) => ({ ...recommendedTitleOf(item), to: item.to?.username ?? null })),
      received: received.map((item) => ({ ...recommendedTitleOf(item), from: item.from.username })),
    },
  }
}

/** Every comment of mine, newest first, page by page as the profile's list reads them. */
async function allMyComments(feed: ReturnType<typeof feedQueries>, userId: string): Promise<MyCommentItem[]> {
  const comments: MyCommentItem[] = []
  let cursor: string | undefined
  do {
    const page = await feed.myComments(userId, { limit: commentsPerRead, ...(cursor ? { cursor } : {}) })
    comments.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return comments
}

const placeOf = (place: ActivityPlace | null) =>
  place && {
    activityId: place.id,
    activityType: place.activityType,
    mediaTitle: place.mediaTitle,
    owner: place.owner,
  }

/** The member's side of a recommendation; the recipient's rating of their watch is theirs, and left out. */
const recommendedTitleOf = (item: RecommendationItem) => ({
  tmdbId: item.tmdbId,
  mediaType: item.mediaType,
  mediaTitle: item.mediaTitle,
  note: item.note,
  status: item.status,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
})
