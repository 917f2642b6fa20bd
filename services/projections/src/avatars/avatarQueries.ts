import { defineQueries } from '../queries'
import { avatars, avatarsCollection, type AvatarDoc } from './avatars'

export interface StoredAvatar {
  image: Buffer
  version: string
  contentType: string
}

/** The uploaded avatar of one member, as bytes to serve. */
export const avatarQueries = defineQueries([avatars], (db) => ({
  async ofMember(userId: string): Promise<StoredAvatar | null> {
    const doc = await db.collection<AvatarDoc>(avatarsCollection).findOne({ _id: userId })
    if (!doc) return null
    return { image: Buffer.from(doc.image, 'base64'), version: doc.version, contentType: doc.contentType }
  },
}))
