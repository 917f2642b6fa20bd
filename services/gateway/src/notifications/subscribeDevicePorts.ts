import type { SubscribeDevicePorts } from '@reelmates/commands/notifications/subscribeDevice'
import { pushQueries } from '@reelmates/projections/push/pushQueries'
import { ReadModelsBehind } from '../http/readYourWrites'
import type { Platform } from '../platform'

/**
 * What `subscribeDevice` needs, on this platform: the event store, and who holds a browser from a
 * device list that has seen every subscription recorded so far. Waiting for the head of the log (not
 * a position the client sent) is what lets a browser another member took a moment ago on another
 * computer be handed over, not recorded twice. A list still behind after the bounded wait could miss
 * that hold, so the subscription is refused (503, retryable) rather than decided from it.
 */
export function subscribeDevicePorts(platform: Platform): SubscribeDevicePorts {
  const { eventStore, projections, readStore, config } = platform
  const devices = pushQueries(readStore)
  return {
    eventStore,
    async holderOf(subscriptionId) {
      const head = await eventStore.headPosition()
      if (!(await projections.waitForPosition(head, config.readYourWritesTimeoutMs, pushQueries.readModels)))
        throw new ReadModelsBehind()
      return devices.holderOf(subscriptionId)
    },
  }
}
