import {
  AccountDeleted,
  EmailChanged,
  EmailPreferencesUpdated,
  ProfileUpdated,
  UserRegistered,
  UserRoleChanged,
  UserSuspended,
  UserRestored,
  NewsVisited,
} from '@reelmates/contracts/account'
import { AvatarUploaded, avatarPath } from '@reelmates/contracts/avatars'
import { DigestSent } from '@reelmates/contracts/digests'
import { foldForSearch } from '@reelmates/contracts/searchFold'
import { defineProjector } from '../projector'

export const usersCollection = 'users'
const collection = usersCollection

/** Look-up keys compare the way the vault reserves names: NFKC, trimmed, case-insensitive. */
export const lookupKey = (value: string): string => value.normalize('NFKC').trim().toLowerCase()

/**
 * Finding people compares more loosely than telling names apart: accents and case dropped, "æ", "ø", "ß"
 * spelled out (contracts/src/searchFold.ts), so "emile" finds "Émile". Search only: two names with the
 * same search key are still two names.
 */
export const searchKey = (value: string): string => foldForSearch(value.trim())

const profileFields = [
  'username',
  'location',
  'bio',
  'avatarUrl',
  'pushSubscription',
  'digestType',
  'receiveCampaignEmails',
  'pushNotificationsEnabled',
  'onboardingCompleted',
] as const

/**
 * One document per account: the user as the API shows it to themselves (the gateway strips the push
 * subscription), plus `usernameKey`/`emailKey` for look-ups and `searchKey` for finding people by the
 * start of their name (accents ignored; version 3 added it). Uniqueness is the vault's job (it
 * reserves names before an event is written), so these indexes only make look-ups fast.
 * A deleted account's document is removed; on a rebuild, an erased account (its personal fields
 * read back as null) is never written at all.
 */
export const users = defineProjector({
  name: 'users',
  version: 3,
  collections: [collection],
  handles: [
    UserRegistered,
    ProfileUpdated,
    EmailChanged,
    EmailPreferencesUpdated,
    UserRoleChanged,
    AccountDeleted,
    UserSuspended,
    UserRestored,
    NewsVisited,
    AvatarUploaded,
    DigestSent,
  ],

  async setup(db) {
    await db.collection(collection).createIndex({ keys: { usernameKey: 1 } })
    await db.collection(collection).createIndex({ keys: { emailKey: 1 } })
    await db.collection(collection).createIndex({ keys: { searchKey: 1, username: 1 } })
    await db.collection(collection).createIndex({ keys: { role: 1 } })
  },

  async project(event, db) {
    const docs = db.collection(collection)
    const userId = event.data.userId
    switch (event.type) {
      case 'UserRegistered': {
        const { data } = event
        if (data.username === null || data.email === null) return
        await docs.replaceOne(
          { _id: userId },
          {
            _id: userId,
            id: userId,
            username: data.username,
            usernameKey: lookupKey(data.username),
            searchKey: searchKey(data.username),
            email: data.email,
            emailKey: lookupKey(data.email),
            location: data.location,
            bio: data.bio,
            avatarUrl: null,
            createdAt: data.registeredAt,
            digestType: 'weekly',
            onboardingCompleted: false,
            receiveCampaignEmails: true,
            pushNotificationsEnabled: false,
            pushSubscription: null,
            role: 'User',
            lastActivityVisit: null,
            lastNewsVisit: null,
            suspended: false,
          },
          { upsert: true },
        )
        return
      }
      case 'ProfileUpdated': {
        if (event.metadata.personalDataErased) return
        const { data } = event
        const set: Record<string, unknown> = {}
        for (const field of profileFields) if (data[field] !== undefined) set[field] = data[field]
        if (typeof data.username === 'string') {
          set.usernameKey = lookupKey(data.username)
          set.searchKey = searchKey(data.username)
        }
        if (Object.keys(set).length > 0) await docs.updateOne({ _id: userId }, { $set: set })
        return
      }
      case 'EmailChanged': {
        const { email } = event.data
        if (email === null) return
        await docs.updateOne({ _id: userId }, { $set: { email, emailKey: lookupKey(email) } })
        return
      }
      case 'EmailPreferencesUpdated':
        await docs.updateOne({ _id: userId }, { $set: { receiveCampaignEmails: event.data.receiveCampaignEmails } })
        return
      case 'UserRoleChanged':
        await docs.updateOne({ _id: userId }, { $set: { role: event.data.role } })
        return
      case 'AccountDeleted':
        await docs.deleteOne({ _id: userId })
        return
      case 'UserSuspended':
        await docs.updateOne({ _id: userId }, { $set: { suspended: true } })
        return
      case 'UserRestored':
        await docs.updateOne({ _id: userId }, { $set: { suspended: false } })
        return
      case 'NewsVisited':
        await docs.updateOne({ _id: userId }, { $set: { lastNewsVisit: event.data.visitedAt } })
        return
      case 'AvatarUploaded':
        // Every card, comment and menu shows the member through `avatarUrl`: an upload takes effect there.
        if (event.data.version === null) return
        await docs.updateOne({ _id: userId }, { $set: { avatarUrl: avatarPath(userId, event.data.version) } })
        return
      case 'DigestSent':
        // The end of the period the digest covered: the next one starts there, so nothing falls between.
        await docs.updateOne({ _id: userId }, { $set: { lastDigestSent: event.data.until } })
        return
    }
  },
})
