import type { SubscribeDevicePorts } from '@reelmates/commands/notifications/subscribeDevice'
import { pushQueries } from '@reelmates/projections/push/pushQueries'
import type { Platform } from '../platform'

/**
 * What `subscribeDevice` needs, on this platform: the event store, and who holds a browser from the
 * device list brought up to the head of the log, waiting at most the read-your-writes timeout. Waiting
 * for the head (not a position the client sent) is what lets a browser another member took a moment
 * ago on another computer be handed over, not recorded twice. A list still behind after the wait is
 * read as it is: refusing would answer the member a 5xx for the server's own lag, to guard against a
 * second member subscribing the same browser within that lag, after which the earlier member's own
 * stream still records the browser the list gives the later one, until the earlier member subscribes
 * or unsubscribes again.
 */
export function subscribeDevicePorts(platform: Platform): SubscribeDevicePorts {
  const { eventStore, projections, readStore, config, logger } = platform
  const devices = pushQueries(readStore)
  return {
    eventStore,
    async holderOf(subscriptionId) {
      const head = await eventStore.headPosition()
      const caughtUp = await projections.waitForPosition(head, config.readYourWritesTimeoutMs, pushQueries.readModels)
      if (!caughtUp)
        logger.warn({ head }, 'push_devices is behind the log: a push device holder was read from it as it is')
      return devices.holderOf(subscriptionId)
    },
  }
}
