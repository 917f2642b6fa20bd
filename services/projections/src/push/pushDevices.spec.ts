import { describe, expect, it } from 'vitest'
import { PushSubscriptionAdded, PushSubscriptionRemoved } from '@reelmates/contracts/push'
import { projectorHarness } from '../testing/projectorHarness'
import { pushDevices } from './pushDevices'
import { pushQueries } from './pushQueries'

const at = '2026-11-24T07:00:00.000Z'
const endpoint = 'https://push.example/send/family-laptop'
const subscriptionId = 'family-laptop-id'
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
const added = (userId: string) => PushSubscriptionAdded({ userId, subscriptionId, endpoint, keys, subscribedAt: at })
const removed = (userId: string, reason: 'unsubscribed' | 'moved') =>
  PushSubscriptionRemoved({ userId, subscriptionId, reason, removedAt: at })

describe('push devices', () => {
  it('gives a shared browser to the member who subscribed it last', async () => {
    const h = await projectorHarness(pushDevices)
    await h.given(added('alice'), removed('alice', 'moved'), added('mallory'))
    const devices = pushQueries(h.db)
    expect(await devices.holderOf(subscriptionId)).toBe('mallory')
    expect(await devices.ofUser('alice')).toEqual([])
    expect((await devices.ofUser('mallory')).map((device) => device.endpoint)).toEqual([endpoint])
  })

  it("never takes a browser from its holder for another member's removal", async () => {
    const h = await projectorHarness(pushDevices)
    // Histories from before handovers were recorded: alice's hold was never ended on her stream.
    await h.given(added('alice'), added('mallory'), added('alice'), removed('mallory', 'unsubscribed'))
    expect(await pushQueries(h.db).holderOf(subscriptionId)).toBe('alice')
  })

  it('gives the browser back to the member who subscribes it again', async () => {
    const h = await projectorHarness(pushDevices)
    await h.given(
      added('alice'),
      removed('alice', 'moved'),
      added('mallory'),
      removed('mallory', 'moved'),
      added('alice'),
    )
    expect(await pushQueries(h.db).holderOf(subscriptionId)).toBe('alice')
    expect(await pushQueries(h.db).ofUser('mallory')).toEqual([])
  })
})
