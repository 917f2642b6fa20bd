import { generateKeyPairSync, sign } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { checkVapid, startFakePushService } from './testing/fakePushService'
import { createWebPushSender } from './webPushSender'

const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-push-'))
const push = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).push
if (!push) throw new Error('the embedded column has push')
const sender = createWebPushSender(push)
const service = await startFakePushService()
afterAll(async () => {
  await service.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('web push through the web-push library', () => {
  it('signs with the configured VAPID key and encrypts for the device, which decrypts it', async () => {
    const device = service.newDevice()
    const outcome = await sender.send(
      device.subscription,
      JSON.stringify({ title: 'Hi', body: 'Ann sent you a friend request' }),
      {
        ttlSeconds: 3600,
        topic: 'friend-request',
      },
    )
    expect(outcome).toBe('delivered')
    expect(service.refused).toEqual([])
    const [got] = service.received.slice(-1)
    expect(got?.vapidKey).toBe(push.vapid.publicKey)
    expect(JSON.parse(got?.payload ?? '{}')).toEqual({ title: 'Hi', body: 'Ann sent you a friend request' })
    expect(got?.ttl).toBe('3600')
    expect(got?.topic).toBe('friend-request')
  })

  it('answers expired when the push service says 410 or 404', async () => {
    const gone = service.newDevice()
    gone.answerWith(410)
    expect(await sender.send(gone.subscription, 'x', { ttlSeconds: 60 })).toBe('expired')
    const unknown = service.newDevice()
    unknown.answerWith(404)
    expect(await sender.send(unknown.subscription, 'x', { ttlSeconds: 60 })).toBe('expired')
  })

  it('throws on any other refusal, so the reaction is tried again', async () => {
    const busy = service.newDevice()
    busy.answerWith(503)
    await expect(sender.send(busy.subscription, 'x', { ttlSeconds: 60 })).rejects.toThrow(/503/)
  })
})

describe('the fake push service', () => {
  it('refuses a VAPID token signed by another key than the one it names', () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    const header = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url')
    const claims = Buffer.from(
      JSON.stringify({ aud: service.origin, exp: Math.floor(Date.now() / 1000) + 600, sub: 'mailto:a@b.c' }),
    ).toString('base64url')
    const signature = sign('sha256', Buffer.from(`${header}.${claims}`), {
      key: other.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('base64url')
    const authorization = `vapid t=${header}.${claims}.${signature}, k=${push.vapid.publicKey}`
    expect(() => checkVapid(authorization, service.origin)).toThrow(/does not verify/)
  })
})
