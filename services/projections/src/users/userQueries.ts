import { publicUser, type PublicUser, type Role } from '@reelmates/contracts/account'
import { defineQueries } from '../queries'
import { users, usersCollection } from './users'

/** Accounts as the API shows them to their owner; parsing drops look-up keys and the push subscription. */
export const userQueries = defineQueries([users], (db) => {
  const docs = () => db.collection(usersCollection)
  const byId = async (userId: string): Promise<PublicUser | null> => {
    const found = await docs().findOne({ _id: userId })
    return found ? publicUser.parse(found) : null
  }
  return {
    byId,
    /** The role as the read model has it, so that a demotion takes effect at once. */
    roleOf: async (userId: string): Promise<Role | null> => (await byId(userId))?.role ?? null,
  }
})
