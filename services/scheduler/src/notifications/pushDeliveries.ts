import type { ReadStore } from '@reelmates/infra/readStore/port'

/**
 * The scheduler's record of the pushes it sent: one document per (event, recipient, device), so a
 * redelivered event sends nothing twice, and admins see who an announcement reached.
 */
export const pushDeliveriesCollection = 'push_deliveries'

export type PushDeliveryDoc = {
  _id: string
  userId: string
  subscriptionId: string
  ref: string | null
  outcome: 'delivered' | 'expired'
  sentAt: string
}

export const pushDeliveries = (db: Pick<ReadStore, 'collection'>) => {
  const docs = () => db.collection<PushDeliveryDoc>(pushDeliveriesCollection)
  return {
    sent: async (id: string): Promise<boolean> => (await docs().findOne({ _id: id })) !== null,
    record: ({ _id, ...doc }: PushDeliveryDoc) => docs().updateOne({ _id }, { $set: doc }, { upsert: true }),
    /** Devices each recipient of `ref` got it on. */
    async devicesByUser(ref: string): Promise<Map<string, number>> {
      const found = await docs().find({ ref, outcome: 'delivered' })
      const counts = new Map<string, number>()
      for (const doc of found) counts.set(doc.userId, (counts.get(doc.userId) ?? 0) + 1)
      return counts
    },
  }
}
