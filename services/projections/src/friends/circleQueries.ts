import { defineQueries } from '../queries'
import { friendCirclesCollection, friendships, type FriendCircleDoc } from './friendships'

/** Who a member is friends with, from their circle: one document, however many friends. */
export const circleQueries = defineQueries([friendships], (db) => ({
  async friendIds(userId: string): Promise<string[]> {
    const circle = await db.collection<FriendCircleDoc>(friendCirclesCollection).findOne({ _id: userId })
    return circle ? [...circle.friends] : []
  },
  /** Whether the two were friends until one of them ended it, and are not friends again since. */
  async wereFriends(userId: string, otherId: string): Promise<boolean> {
    const circle = await db
      .collection<FriendCircleDoc>(friendCirclesCollection)
      .findOne({ _id: userId, formerFriends: otherId })
    return circle !== null
  },
}))
