import { AccountDeleted } from '@reelmates/contracts/account'
import { FeedVisited } from '@reelmates/contracts/feed'
import { defineProjector } from '../projector'

export const feedVisitsCollection = 'feed_visits'

/**
 * When each member last opened their feed (spec §3 users.lastActivityVisit), kept beside the feed
 * rather than in `users` so that the users read model is not rebuilt for it.
 */
export const feedVisits = defineProjector({
  name: 'feed_visits',
  version: 1,
  collections: [feedVisitsCollection],
  handles: [FeedVisited, AccountDeleted],

  async project(event, db) {
    const visits = db.collection(feedVisitsCollection)
    switch (event.type) {
      case 'FeedVisited':
        // $max: a redelivered older visit never moves the mark back.
        await visits.updateOne(
          { _id: event.data.userId },
          { $max: { lastActivityVisit: event.data.visitedAt } },
          { upsert: true },
        )
        return
      case 'AccountDeleted':
        await visits.deleteOne({ _id: event.data.userId })
        return
    }
  },
})
