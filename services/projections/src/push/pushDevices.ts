import { AccountDeleted } from '@reelmates/contracts/account'
import { PushSubscriptionAdded, PushSubscriptionRemoved } from '@reelmates/contracts/push'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import { defineProjector } from '../projector'
import { applyOnce } from '../streamRevisions'

export const pushDevicesCollection = 'push_devices'
const revisions = 'push_devices_revisions'

export type PushDeviceDoc = {
  _id: string
  userId: string
  endpoint: string
  keys: { p256dh: string; auth: string }
  subscribedAt: string
}

/** The devices that get each user's web push (the endpoint and keys, decrypted for the sender). */
export const pushDevices = defineProjector({
  name: 'push_devices',
  version: 1,
  collections: [pushDevicesCollection, revisions],
  handles: [PushSubscriptionAdded, PushSubscriptionRemoved, AccountDeleted],
  async setup(db) {
    await db.collection(pushDevicesCollection).createIndex({ keys: { userId: 1 } })
  },
  project: (event, db) =>
    applyOnce(db, revisions, event as RecordedEvent, async () => {
      const devices = db.collection<PushDeviceDoc>(pushDevicesCollection)
      switch (event.type) {
        case 'PushSubscriptionAdded': {
          const { userId, subscriptionId, endpoint, keys, subscribedAt } = event.data
          // An erased user's endpoint reads back as null (the schema says string): nothing left to push to.
          if ((endpoint as string | null) === null) return
          await devices.updateOne(
            { _id: subscriptionId },
            { $set: { userId, endpoint, keys, subscribedAt } },
            { upsert: true },
          )
          return
        }
        case 'PushSubscriptionRemoved':
          await devices.deleteOne({ _id: event.data.subscriptionId })
          return
        case 'AccountDeleted':
          await devices.deleteMany({ userId: event.data.userId })
          return
      }
    }),
})
