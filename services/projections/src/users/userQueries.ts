import type { UserCard } from '@reelmates/contracts/friendships'
import type { ProjectorDb } from '../projector'
import { lookupKey, usersCollection } from './users'

/** What anyone may see of another member (spec §3 users), never the email or settings. */
export interface PublicMember {
  id: string
  username: string
  bio: string | null
  location: string | null
  avatarUrl: string | null
  createdAt: string
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const cardOf = (doc: Record<string, unknown>): UserCard => ({
  id: String(doc._id),
  username: String(doc.username),
  avatarUrl: typeof doc.avatarUrl === 'string' ? doc.avatarUrl : null,
})

/**
 * Other members as the `users` read model knows them (a deleted account has no document). Whole
 * documents are read and cut down here: the embedded store's projections cost more than they save.
 */
export const userQueries = (db: ProjectorDb) => {
  const users = () => db.collection(usersCollection)
  return {
    /** The cards of these members, by id; a deleted member is simply absent. */
    async cards(ids: readonly string[]): Promise<Map<string, UserCard>> {
      if (ids.length === 0) return new Map()
      const docs = await users().find({ _id: { $in: [...ids] } })
      return new Map(docs.map((doc) => [doc._id, cardOf(doc)]))
    },

    async byUsername(username: string): Promise<PublicMember | null> {
      const doc = await users().findOne({ usernameKey: lookupKey(username) })
      if (!doc) return null
      return {
        id: doc._id,
        username: String(doc.username),
        bio: (doc.bio as string | null) ?? null,
        location: (doc.location as string | null) ?? null,
        avatarUrl: (doc.avatarUrl as string | null) ?? null,
        createdAt: String(doc.createdAt),
      }
    },

    /** Members whose username starts with `prefix` (case-insensitive), in name order. */
    async search(prefix: string, limit: number): Promise<UserCard[]> {
      const docs = await users().find(
        { usernameKey: { $regex: `^${escapeRegex(lookupKey(prefix))}` } },
        { sort: { usernameKey: 1 }, limit },
      )
      return docs.map(cardOf)
    },
  }
}
