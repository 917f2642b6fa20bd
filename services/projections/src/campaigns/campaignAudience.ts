import { AccountDeleted, UserRegistered } from '@reelmates/contracts/account'
import { FriendRemoved, FriendRequestAccepted, FriendRequestSent } from '@reelmates/contracts/friendships'
import { TitleWatched, WatchedEntryRemoved, WatchedEntryRestored } from '@reelmates/contracts/watched'
import { TitleAddedToWatchlist } from '@reelmates/contracts/watchlist'
import { defineProjector } from '../projector'

export const campaignAudienceCollection = 'campaign_audience'

/**
 * What the time-driven campaign triggers ask about each member: when they signed up, when they last
 * did something (watched, added to the watchlist, asked or accepted a friend), how many friends
 * they have and how many titles they watched. One small document per member.
 */
export const campaignAudience = defineProjector({
  name: 'campaign_audience',
  version: 1,
  collections: [campaignAudienceCollection],
  handles: [
    UserRegistered,
    AccountDeleted,
    TitleWatched,
    WatchedEntryRemoved,
    WatchedEntryRestored,
    TitleAddedToWatchlist,
    FriendRequestSent,
    FriendRequestAccepted,
    FriendRemoved,
  ],

  async project(event, db) {
    const audience = db.collection(campaignAudienceCollection)
    const at = event.metadata.occurredAt
    const active = (userId: string, more: Record<string, unknown> = {}) =>
      audience.updateOne({ _id: userId }, { $max: { lastActiveAt: at }, ...more })
    switch (event.type) {
      case 'UserRegistered':
        // An erased account replays with its personal fields gone; it is nobody to mail.
        if (event.metadata.personalDataErased) return
        await audience.updateOne(
          { _id: event.data.userId },
          {
            $set: { registeredAt: event.data.registeredAt, lastActiveAt: event.data.registeredAt },
            $setOnInsert: { friends: 0, watched: 0 },
          },
          { upsert: true },
        )
        return
      case 'AccountDeleted':
        await audience.deleteOne({ _id: event.data.userId })
        return
      case 'TitleWatched':
        await active(event.data.userId, { $inc: { watched: 1 } })
        return
      case 'WatchedEntryRemoved':
        await audience.updateOne({ _id: event.data.userId }, { $inc: { watched: -1 } })
        return
      case 'WatchedEntryRestored':
        await audience.updateOne({ _id: event.data.userId }, { $inc: { watched: 1 } })
        return
      case 'TitleAddedToWatchlist':
        await active(event.data.userId)
        return
      case 'FriendRequestSent':
        await active(event.data.fromUserId)
        return
      case 'FriendRequestAccepted':
        await active(event.data.toUserId, { $inc: { friends: 1 } })
        await audience.updateOne({ _id: event.data.fromUserId }, { $inc: { friends: 1 } })
        return
      case 'FriendRemoved':
        await audience.updateOne({ _id: event.data.byUserId }, { $inc: { friends: -1 } })
        await audience.updateOne({ _id: event.data.otherUserId }, { $inc: { friends: -1 } })
    }
  },
})
