import type { FeedCursor } from '@reelmates/contracts/feed'

/**
 * Strictly after the cursor's item in newest-first order by `field`, ties by id (both descending):
 * where the next page starts, so a page never repeats or skips an item.
 */
export const olderThan = (field: string, after: FeedCursor | null) =>
  after ? { $or: [{ [field]: { $lt: after.createdAt } }, { [field]: after.createdAt, _id: { $lt: after.id } }] } : {}
