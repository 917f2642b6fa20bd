import type { EventStore } from '@reelmates/infra/eventStore/port'
import { handleCommand, type CommandMetadata } from '../handleCommand'
import { pushSubscriptions, pushSubscriptionsStream, subscriptionIdOf } from './pushSubscriptions'

export interface SubscribeDevicePorts {
  eventStore: EventStore
  /** Which member the device list says holds this device now (read model, brought up to date). */
  holderOf(subscriptionId: string): Promise<string | null>
}

/**
 * Subscribes a browser for a member. A browser has one push endpoint, and on a shared family computer
 * it gets the pushes of the member who subscribed it last: kept for both, the next member would be
 * shown the last one's notifications. So a browser another member holds is first handed over (ended
 * on their stream, `moved`), then recorded for this one: each member's stream and the device list
 * then say the same, and the first member's subscribing again is recorded again and takes it back.
 */
export async function subscribeDevice(
  ports: SubscribeDevicePorts,
  device: { userId: string; endpoint: string; keys: { p256dh: string; auth: string }; at: string },
  metadata: CommandMetadata,
): Promise<{ position: bigint | null }> {
  const { userId, endpoint, keys, at } = device
  const subscriptionId = subscriptionIdOf(endpoint)
  const holder = await ports.holderOf(subscriptionId)
  if (holder !== null && holder !== userId) {
    // Two streams, two appends, not atomic: if the second fails after this one, the browser is
    // neither member's until a retry. The retry mends it: the holder is then no one, so nothing is
    // handed over again and the subscription is recorded. The gateway keeps no 5xx under an
    // Idempotency-Key (http/idempotency.ts), so a retry under the same key does the change; the web
    // app resends under the same key only a request whose answer was lost, and otherwise says it
    // could not turn push on, and the member's next try subscribes again.
    await handleCommand(ports.eventStore, {
      decider: pushSubscriptions,
      streamId: pushSubscriptionsStream(holder),
      command: { type: 'HandOverDevice', userId: holder, subscriptionId, removedAt: at },
      metadata,
    })
  }
  const { position } = await handleCommand(ports.eventStore, {
    decider: pushSubscriptions,
    streamId: pushSubscriptionsStream(userId),
    command: { type: 'SubscribeDevice', userId, endpoint, keys, subscribedAt: at, listed: holder === userId },
    metadata,
  })
  return { position }
}
