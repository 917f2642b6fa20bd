import { defineQueries } from '../queries'
import { pushDevices, pushDevicesCollection, type PushDeviceDoc } from './pushDevices'

/** A user's subscribed devices: with their keys for the sender, without them for the API. */
export const pushQueries = defineQueries([pushDevices], (db) => {
  const devices = () => db.collection<PushDeviceDoc>(pushDevicesCollection)
  return {
    /** Who holds this browser now: the member who subscribed it last. */
    holderOf: async (subscriptionId: string): Promise<string | null> =>
      (await devices().findOne({ _id: subscriptionId }))?.userId ?? null,
    ofUser: (userId: string): Promise<PushDeviceDoc[]> => devices().find({ userId }, { sort: { subscribedAt: 1 } }),
    async shownTo(userId: string) {
      const found = await devices().find({ userId }, { sort: { subscribedAt: 1 } })
      return found.map((doc) => ({ id: doc._id, service: new URL(doc.endpoint).host, subscribedAt: doc.subscribedAt }))
    },
  }
})
