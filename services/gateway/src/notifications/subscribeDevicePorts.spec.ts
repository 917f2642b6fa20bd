import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakePushService, type FakePushService } from '@reelmates/infra/push/testing/fakePushService'
import { allProjectors } from '@reelmates/projections/allProjectors'
import type { Projector } from '@reelmates/projections/projector'
import { pushDevices } from '@reelmates/projections/push/pushDevices'
import { register, type Registered } from '../account/accountFixtures'
import { createTestApp, type TestApp } from '../testing/testApp'

/** `push_devices` as it is, except that it holds every event while the test keeps the gate closed. */
let open: () => void = () => undefined
let gate = Promise.resolve()
const gated: Projector = {
  ...pushDevices,
  async project(event, db) {
    await gate
    await pushDevices.project(event, db)
  },
}

let t: TestApp
let service: FakePushService
beforeAll(async () => {
  t = await createTestApp({
    projectors: allProjectors.map((projector) => (projector.name === gated.name ? gated : projector)),
    env: { READ_YOUR_WRITES_TIMEOUT_MS: '300' },
  })
  service = await startFakePushService()
})
afterAll(async () => {
  open()
  await t.close()
  await service.close()
})

const devicesOf = async (who: Registered) =>
  (await who.client.get('/api/push/subscriptions')).json<{ devices: { id: string }[] }>().devices

describe('subscribing a browser while the device list is behind the log', () => {
  it('is refused with a retryable 503, not recorded for a second member, and goes through once the list has caught up', async () => {
    const [alice, mallory] = await Promise.all([register(t.app, 'alice_behind'), register(t.app, 'mallory_behind')])
    const browser = service.newDevice().subscription
    gate = new Promise<void>((resolve) => (open = resolve))
    const held = await alice.client.post('/api/push/subscriptions', browser)
    expect(held.statusCode, held.body).toBe(201)

    // The device list has not seen alice's hold: deciding from it would record the browser for both.
    const refused = await mallory.client.post('/api/push/subscriptions', browser)
    expect(refused.statusCode).toBe(503)
    expect(refused.headers['retry-after']).toBe('1')
    expect(refused.json()).toEqual({
      message:
        'The server is still catching up with recent changes. Nothing was changed: please try again in a moment.',
      error: 'Service Unavailable',
    })

    open()
    const retried = await mallory.client.post('/api/push/subscriptions', browser)
    expect(retried.statusCode, retried.body).toBe(201)
    await t.platform.projections.waitForPosition(await t.platform.eventStore.headPosition(), 5_000)
    expect(await devicesOf(mallory)).toHaveLength(1)
    expect(await devicesOf(alice)).toEqual([])
  })
})
