import { AccountDeleted, ProfileUpdated } from '@reelmates/contracts/account'
import { AvatarUploaded } from '@reelmates/contracts/avatars'
import { defineProjector, type ProjectedEvent, type ProjectorDb } from '../projector'
import { applyOnce } from '../streamRevisions'

export const avatarsCollection = 'avatars'
const revisions = 'avatars_revisions'
const handles = [AvatarUploaded, ProfileUpdated, AccountDeleted] as const

/** An uploaded avatar as it is served: the re-encoded picture (base64) and the digest that versions it. */
export type AvatarDoc = {
  _id: string
  image: string
  version: string
  contentType: string
  uploadedAt: string
}

/**
 * The picture each member uploaded, kept only while it is their avatar: linking an address or
 * removing the avatar (a `ProfileUpdated` that names `avatarUrl`) drops it, and so does deleting the
 * account. On a rebuild, an erased account's uploads read back without their picture and are skipped.
 */
export const avatars = defineProjector({
  name: 'avatars',
  version: 1,
  collections: [avatarsCollection, revisions],
  handles,
  // A redelivered older upload must not bring back a picture that was replaced or removed since.
  project: (event, db) => applyOnce(db, revisions, event, () => apply(event, db)),
})

async function apply(event: ProjectedEvent<(typeof handles)[number]>, db: ProjectorDb): Promise<void> {
  const docs = db.collection<AvatarDoc>(avatarsCollection)
  const { userId } = event.data
  switch (event.type) {
    case 'AvatarUploaded': {
      const { image, version, contentType, uploadedAt } = event.data
      if (image === null || version === null) return
      await docs.replaceOne({ _id: userId }, { _id: userId, image, version, contentType, uploadedAt }, { upsert: true })
      return
    }
    case 'ProfileUpdated':
      if (event.data.avatarUrl !== undefined) await docs.deleteOne({ _id: userId })
      return
    case 'AccountDeleted':
      await docs.deleteOne({ _id: userId })
      return
  }
}
