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

/**
 * The devices that get each user's web push (the endpoint and keys, decrypted for the sender). A
 * browser has one endpoint and one holder, the member who subscribed it last (`_id` is the endpoint's
 * hash): a later member's subscription takes it over, and a member's removal ends only their own hold.
 */
export const pushDevices = defineProjector({
  name: 'push_devices',
  // 2: a removal takes the device only from the member it names (one member's unsubscribing removed
  // the browser another member had subscribed since).
  version: 2,
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
          await devices.deleteOne({ _id: event.data.subscriptionId, userId: event.data.userId })
          return
        case 'AccountDeleted':
          await devices.deleteMany({ userId: event.data.userId })
          return
      }
    }),
})
