import { decodeFeedCursor, encodeFeedCursor } from '@reelmates/contracts/feed'
import {
  adminUser,
  adminUsersPageSize,
  type AdminUser,
  type AdminUsersAnswer,
} from '@reelmates/contracts/userManagement'
import { defineQueries } from '../queries'
import { lookupKey, users, usersCollection } from './users'

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A user id as the event history shows it: searching for one finds that account. */
const userIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Accounts as admins see them (issue 14.4): facts, never a password hash, token or push subscription. */
export const adminUserQueries = defineQueries([users], (db) => {
  const members = () => db.collection(usersCollection)
  // Parsing keeps only the fields of `adminUser`; documents written before suspension existed lack it.
  const factsOf = (doc: Record<string, unknown>): AdminUser => adminUser.parse({ suspended: false, ...doc })

  return {
    /**
     * Users whose username or email contains the text (case-insensitive), or whose id it is, newest
     * first; everyone without text. One page at a time, after the cursor of the page before, with how many match in
     * all: a list cut at its page size must say so, or members past it are silently out of reach.
     */
    async search(
      text: string | undefined,
      options: { after?: string; limit?: number } = {},
    ): Promise<AdminUsersAnswer> {
      const limit = options.limit ?? adminUsersPageSize
      const matching = text
        ? {
            $or: [
              { usernameKey: { $regex: escapeRegex(lookupKey(text)) } },
              { emailKey: { $regex: escapeRegex(lookupKey(text)) } },
              ...(userIdPattern.test(text.trim()) ? [{ _id: text.trim().toLowerCase() }] : []),
            ],
          }
        : {}
      const after = options.after === undefined ? null : decodeFeedCursor(options.after)
      // Newest first, ties by id: the next page starts strictly after the last one's (createdAt, id).
      const page = after
        ? {
            $and: [
              matching,
              {
                $or: [{ createdAt: { $lt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after.id } }],
              },
            ],
          }
        : matching
      const [docs, total] = await Promise.all([
        members().find(page, { sort: { createdAt: -1, _id: 1 }, limit: limit + 1 }),
        members().countDocuments(matching),
      ])
      const items = docs.slice(0, limit).map(factsOf)
      const last = items.at(-1)
      return {
        items,
        total,
        nextCursor: docs.length > limit && last ? encodeFeedCursor({ createdAt: last.createdAt, id: last.id }) : null,
      }
    },

    async byId(userId: string): Promise<AdminUser | null> {
      const doc = await members().findOne({ _id: userId })
      return doc ? factsOf(doc) : null
    },

    /** The admins who can sign in: the last one of them is protected. */
    async activeAdminIds(): Promise<string[]> {
      const docs = await members().find({ role: 'Admin', suspended: { $ne: true } }, { projection: { _id: 1 } })
      return docs.map((doc) => doc._id)
    },

    async isSuspended(userId: string): Promise<boolean> {
      return (await members().findOne({ _id: userId }))?.suspended === true
    },
  }
})
