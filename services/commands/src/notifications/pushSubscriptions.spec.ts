import { describe, it } from 'vitest'
import { PushSubscriptionAdded, PushSubscriptionRemoved } from '@reelmates/contracts/push'
import { specFor } from '../testing/givenWhenThen'
import { NotSubscribed, pushSubscriptions, subscriptionIdOf } from './pushSubscriptions'

const given = specFor(pushSubscriptions)
const userId = 'u1'
const endpoint = 'https://push.example/send/abc'
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
const at = '2026-11-24T07:00:00.000Z'
const subscriptionId = subscriptionIdOf(endpoint)

const added = (withKeys = keys) =>
  PushSubscriptionAdded({ userId, subscriptionId, endpoint, keys: withKeys, subscribedAt: at })
const subscribe = (withKeys = keys, listed = true) =>
  ({ type: 'SubscribeDevice', userId, endpoint, keys: withKeys, subscribedAt: at, listed }) as const
const handOver = { type: 'HandOverDevice', userId, subscriptionId, removedAt: at } as const
const movedAway = PushSubscriptionRemoved({ userId, subscriptionId, reason: 'moved', removedAt: at })

describe('push subscriptions', () => {
  it('subscribes a new device', () => given([]).when(subscribe()).then([added()]))

  it('takes the same subscription again as no change', () => given([added()]).when(subscribe()).thenNothingHappens())

  it('records new keys for a known device (the browser renewed its subscription)', () => {
    const renewed = { ...keys, auth: 'b'.repeat(22) }
    given([added()])
      .when(subscribe(renewed))
      .then([added(renewed)])
  })

  it('ends the hold on a browser another member subscribed since', () =>
    given([added()]).when(handOver).then([movedAway]))

  it('hands over nothing for a browser the member no longer holds', () =>
    given([added(), movedAway]).when(handOver).thenNothingHappens())

  it('records the browser again for a member it was handed over from', () =>
    given([added(), movedAway]).when(subscribe()).then([added()]))

  it('records again a browser handed over before handovers were recorded (not on the device list)', () =>
    given([added()]).when(subscribe(keys, false)).then([added()]))

  it('unsubscribes a subscribed device', () =>
    given([added()])
      .when({ type: 'UnsubscribeDevice', userId, endpoint, removedAt: at })
      .then([PushSubscriptionRemoved({ userId, subscriptionId, reason: 'unsubscribed', removedAt: at })]))

  it('refuses to unsubscribe a device that is not subscribed', () =>
    given([]).when({ type: 'UnsubscribeDevice', userId, endpoint, removedAt: at }).thenThrows(NotSubscribed))

  it('drops an expired device once, however many sends met the expiry', () => {
    const drop = { type: 'DropDevice', userId, subscriptionId, removedAt: at } as const
    const removed = PushSubscriptionRemoved({ userId, subscriptionId, reason: 'expired', removedAt: at })
    given([added()]).when(drop).then([removed])
    given([added(), removed]).when(drop).thenNothingHappens()
  })

  const unusableKeys = { ...keys, p256dh: 'B'.repeat(40) }
  const dropUnusable = { type: 'DropDevice', userId, subscriptionId, removedAt: at, reason: 'unusable' } as const

  it('drops a device whose keys are unusable, saying so', () =>
    given([added(unusableKeys)])
      .when(dropUnusable)
      .then([PushSubscriptionRemoved({ userId, subscriptionId, reason: 'unusable', removedAt: at })]))

  it('keeps a device subscribed again with good keys since the sender found its old keys unusable', () =>
    given([added(unusableKeys), added()])
      .when(dropUnusable)
      .thenNothingHappens())
})
