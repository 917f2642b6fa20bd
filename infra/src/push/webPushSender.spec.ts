import { generateKeyPairSync, sign } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { checkVapid, startFakePushService } from './testing/fakePushService'
import { createWebPushSender, pushEndpointAllowed } from './webPushSender'

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

describe('the push services a subscription may name', () => {
  const browsers = [
    'https://fcm.googleapis.com/fcm/send/fv3jabydF5c:APA91bE',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://api.push.apple.com/3/device/abc',
  ]

  it("in production are the browsers' own, and nothing else", () => {
    for (const endpoint of browsers) expect(pushEndpointAllowed(endpoint, false), endpoint).toBe(true)
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      'https://internal.example/push/1',
      'https://localhost/push/1',
      'http://127.0.0.1:8080/push/1',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://storage.googleapis.com/bucket/x',
      'https://evilpush.apple.com/x',
      'https://notify.windows.com.evil.example/w',
      'not a url',
    ]) {
      expect(pushEndpointAllowed(endpoint, false), endpoint).toBe(false)
    }
  })

  it('outside production are any https service, and one on this machine over http', () => {
    for (const endpoint of [...browsers, 'https://push.example/x', 'http://127.0.0.1:8080/push/1']) {
      expect(pushEndpointAllowed(endpoint, true), endpoint).toBe(true)
    }
    expect(pushEndpointAllowed('http://push.example/x', true)).toBe(false)
  })

  it('in production are the only ones sent to: another is answered expired, unsent', async () => {
    const production = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' }).push
    if (!production) throw new Error('the embedded column has push')
    const device = service.newDevice()
    const before = service.received.length
    expect(await createWebPushSender(production).send(device.subscription, 'x', { ttlSeconds: 60 })).toBe('expired')
    expect(service.received.length).toBe(before)
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
