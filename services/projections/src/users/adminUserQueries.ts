import { adminUser, type AdminUser } from '@reelmates/contracts/userManagement'
import { defineQueries } from '../queries'
import { lookupKey, users, usersCollection } from './users'

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Accounts as admins see them (issue 14.4): facts, never a password hash, token or push subscription. */
export const adminUserQueries = defineQueries([users], (db) => {
  const members = () => db.collection(usersCollection)
  // Parsing keeps only the fields of `adminUser`; documents written before suspension existed lack it.
  const factsOf = (doc: Record<string, unknown>): AdminUser => adminUser.parse({ suspended: false, ...doc })

  return {
    /** Users whose username or email contains the text (case-insensitive), newest first; everyone without text. */
    async search(text: string | undefined, limit = 100): Promise<AdminUser[]> {
      const filter = text
        ? {
            $or: [
              { usernameKey: { $regex: escapeRegex(lookupKey(text)) } },
              { emailKey: { $regex: escapeRegex(lookupKey(text)) } },
            ],
          }
        : {}
      const docs = await members().find(filter, { sort: { createdAt: -1, _id: 1 }, limit })
      return docs.map(factsOf)
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
