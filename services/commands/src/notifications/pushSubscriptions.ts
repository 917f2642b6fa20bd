import { createHash } from 'node:crypto'
import {
  PushSubscriptionAdded,
  PushSubscriptionRemoved,
  pushKeys,
  pushMessages,
  type PushSubscriptionEvent,
} from '@reelmates/contracts/push'
import { DomainError, type Decider } from '../decider'

/** The devices of one user that get web push, on `push-subscriptions-<userId>`. */
export const pushSubscriptionsStream = (userId: string): string => `push-subscriptions-${userId}`

/** Names a device by its endpoint without revealing it (read models, logs, delivery records). */
export const subscriptionIdOf = (endpoint: string): string =>
  createHash('sha256').update(endpoint).digest('hex').slice(0, 32)

export type PushSubscriptionCommand =
  | {
      type: 'SubscribeDevice'
      userId: string
      endpoint: string
      keys: { p256dh: string; auth: string }
      subscribedAt: string
      /**
       * Whether the device list names this member as the device's holder now. A device handed over
       * before handovers were recorded is still in the stream; it must be recorded again, not taken
       * as no change.
       */
      listed: boolean
    }
  | { type: 'UnsubscribeDevice'; userId: string; endpoint: string; removedAt: string }
  | {
      type: 'DropDevice'
      userId: string
      subscriptionId: string
      removedAt: string
      /** Why no push can reach it: the push service forgot it (the default), or its keys are unusable. */
      reason?: 'expired' | 'unusable'
    }
  /** Another member subscribed this browser: it is theirs now (`subscribeDevice`). */
  | { type: 'HandOverDevice'; userId: string; subscriptionId: string; removedAt: string }

/** Subscribed devices by id, with the keys they were subscribed with. */
export type PushSubscriptionsState = Map<string, { p256dh: string; auth: string }>

export class NotSubscribed extends DomainError {
  override readonly name = 'NotSubscribed'
  constructor() {
    super('not_found', pushMessages.noSuchSubscription)
  }
}

export const pushSubscriptions: Decider<PushSubscriptionCommand, PushSubscriptionEvent, PushSubscriptionsState> = {
  initialState: () => new Map(),

  evolve(state, event) {
    const next = new Map(state)
    if (event.type === 'PushSubscriptionAdded') next.set(event.data.subscriptionId, event.data.keys)
    else next.delete(event.data.subscriptionId)
    return next
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubscribeDevice': {
        const subscriptionId = subscriptionIdOf(command.endpoint)
        const known = state.get(subscriptionId)
        // A browser re-sends its subscription on every toggle; the same keys change nothing.
        if (command.listed && known?.p256dh === command.keys.p256dh && known.auth === command.keys.auth) return []
        const { userId, endpoint, keys, subscribedAt } = command
        return [PushSubscriptionAdded({ userId, subscriptionId, endpoint, keys, subscribedAt })]
      }
      case 'UnsubscribeDevice': {
        const subscriptionId = subscriptionIdOf(command.endpoint)
        if (!state.has(subscriptionId)) throw new NotSubscribed()
        const { userId, removedAt } = command
        return [PushSubscriptionRemoved({ userId, subscriptionId, reason: 'unsubscribed', removedAt })]
      }
      case 'DropDevice': {
        // Two sends can both meet the 410; the second finds it gone already.
        const known = state.get(command.subscriptionId)
        if (!known) return []
        const { userId, subscriptionId, removedAt, reason = 'expired' } = command
        // The sender found the keys unusable in the device list, which can lag: the member may have
        // subscribed the same browser again with good keys since, and that subscription stays.
        if (reason === 'unusable' && pushKeys.safeParse(known).success) return []
        return [PushSubscriptionRemoved({ userId, subscriptionId, reason, removedAt })]
      }
      case 'HandOverDevice': {
        if (!state.has(command.subscriptionId)) return []
        const { userId, subscriptionId, removedAt } = command
        return [PushSubscriptionRemoved({ userId, subscriptionId, reason: 'moved', removedAt })]
      }
    }
  },
}
