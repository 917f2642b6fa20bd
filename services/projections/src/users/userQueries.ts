import { publicUser, type PublicUser, type Role } from '@reelmates/contracts/account'
import type { UserCard } from '@reelmates/contracts/friendships'
import { defineQueries } from '../queries'
import { shownFields } from '../shownFields'
import { lookupKey, searchKey, users, usersCollection } from './users'

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

/** Accounts as the API shows them: to their owner (without look-up keys or the push subscription), and as other members see them. */
export const userQueries = defineQueries([users], (db) => {
  const members = () => db.collection(usersCollection)
  const byId = async (userId: string): Promise<PublicUser | null> => {
    const found = await members().findOne({ _id: userId })
    return found ? shownFields(publicUser, found) : null
  }

  return {
    byId,
    /** The role as the read model has it, so that a demotion takes effect at once. */
    roleOf: async (userId: string): Promise<Role | null> => (await byId(userId))?.role ?? null,
    /** The cards of these members, by id; a deleted member is simply absent. */
    async cards(ids: readonly string[]): Promise<Map<string, UserCard>> {
      if (ids.length === 0) return new Map()
      const docs = await members().find({ _id: { $in: [...ids] } })
      return new Map(docs.map((doc) => [doc._id, cardOf(doc)]))
    },

    async byUsername(username: string): Promise<PublicMember | null> {
      const doc = await members().findOne({ usernameKey: lookupKey(username) })
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

    /**
     * Members whose username starts with `prefix`, accents and case ignored ("emile" finds "Émile"), in
     * name order by the same key ("Émile" among the e's, not after z), then by the name as written.
     */
    async search(prefix: string, limit: number): Promise<UserCard[]> {
      const folded = searchKey(prefix)
      // A query of nothing but marks folds to nothing, which would otherwise match everyone.
      if (folded === '') return []
      const docs = await members().find(
        { searchKey: { $regex: `^${escapeRegex(folded)}` } },
        { sort: { searchKey: 1, username: 1 }, limit },
      )
      return docs.map(cardOf)
    },

    /** Of these members, who turned campaign mail (tips and news emails) off. */
    async unsubscribedFromCampaigns(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const docs = await members().find(
        { _id: { $in: [...ids] }, receiveCampaignEmails: false },
        { projection: { _id: 1 } },
      )
      return new Set(docs.map((doc) => doc._id))
    },

    /** Which of these members the team has suspended. */
    async suspendedAmong(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set()
      const docs = await members().find({ _id: { $in: [...ids] }, suspended: true }, { projection: { _id: 1 } })
      return new Set(docs.map((doc) => doc._id))
    },

    /** Every member's id (an announcement to everyone). */
    async memberIds(): Promise<string[]> {
      const docs = await members().find({}, { projection: { _id: 1 } })
      return docs.map((doc) => doc._id)
    },
  }
})
