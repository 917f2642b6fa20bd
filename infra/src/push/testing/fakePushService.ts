import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PushTarget } from '../port'

/**
 * A push service on 127.0.0.1 that does what a real one checks and what a browser does on arrival:
 * it verifies the VAPID JWT (ES256 over the public key in `k=`, audience = its origin, not expired)
 * and decrypts the aes128gcm body (RFC 8291) with the device's private key and auth secret.
 */

export interface FakeDevice {
  /** What the browser would hand the app: endpoint and public keys. */
  subscription: PushTarget
  /** Answer the next pushes to this device with this status (410 = the subscription expired). */
  answerWith(status: number): void
}

export interface ReceivedPush {
  deviceId: string
  payload: string
  /** The VAPID public key the push was signed with. */
  vapidKey: string
  ttl: string | undefined
  topic: string | undefined
}

export interface FakePushService {
  origin: string
  /** A browser subscription: its keypair is made here, the private half never leaves. */
  newDevice(): FakeDevice
  received: ReceivedPush[]
  /** Pushes refused, with the reason (a bad signature, a wrong audience, an undecryptable body). */
  refused: { deviceId: string; reason: string }[]
  close(): Promise<void>
}

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function publicKeyOf(point: Buffer) {
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  })
}

/** Throws unless the Authorization header is a valid VAPID JWT for `origin`; answers its public key. */
export function checkVapid(authorization: string | undefined, origin: string, now = Date.now()): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '')
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${authorization ?? '(none)'}`)
  const [token, key] = [match[1], match[2]]
  const [header, claims, signature] = token.split('.')
  if (!header || !claims || !signature) throw new Error('the VAPID token is not a JWT')
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg
  if (alg !== 'ES256') throw new Error(`the VAPID token is signed with ${String(alg)}, not ES256`)
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKeyOf(Buffer.from(key, 'base64url')), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!signed) throw new Error('the VAPID signature does not verify with its public key')
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud?: string
    exp?: number
    sub?: string
  }
  if (aud !== origin) throw new Error(`the VAPID audience is ${String(aud)}, not ${origin}`)
  if (typeof exp !== 'number' || exp * 1000 <= now || exp * 1000 > now + 24 * 3600_000)
    throw new Error('the VAPID token is expired or lasts more than 24 hours')
  if (!sub || !/^(mailto:|https:)/.test(sub)) throw new Error('the VAPID subject is not a mailto: or https: address')
  return key
}

/** Decrypts an aes128gcm Web Push body as the browser with this keypair would (one record). */
export function decryptPush(body: Buffer, device: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const serverKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const ecdh = createECDH('prime256v1')
  ecdh.setPrivateKey(device.privateKey)
  const secret = ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverKey])
  const ikm = Buffer.from(hkdfSync('sha256', secret, device.auth, keyInfo, 32))
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('the last record does not end with the padding delimiter 2')
  return padded.subarray(0, end).toString('utf8')
}

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer; status: number }>()
  const received: ReceivedPush[] = []
  const refused: { deviceId: string; reason: string }[] = []
  let origin = ''

  const server = createServer((request, response) => {
    void (async () => {
      const deviceId = (request.url ?? '').replace(/^\/push\//, '')
      const device = devices.get(deviceId)
      const body = await readBody(request)
      if (!device || request.method !== 'POST') return response.writeHead(404).end()
      if (device.status !== 201) return response.writeHead(device.status).end()
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('the body is not aes128gcm')
        const vapidKey = checkVapid(request.headers.authorization, origin)
        const payload = decryptPush(body, device)
        received.push({
          deviceId,
          payload,
          vapidKey,
          ttl: request.headers.ttl as string | undefined,
          topic: request.headers.topic as string | undefined,
        })
        response.writeHead(201).end()
      } catch (error) {
        refused.push({ deviceId, reason: error instanceof Error ? error.message : String(error) })
        response.writeHead(403).end()
      }
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    received,
    refused,
    newDevice() {
      const ecdh = createECDH('prime256v1')
      const publicKey = ecdh.generateKeys()
      const device = { privateKey: ecdh.getPrivateKey(), publicKey, auth: randomBytes(16), status: 201 }
      const deviceId = randomBytes(8).toString('hex')
      devices.set(deviceId, device)
      return {
        subscription: {
          endpoint: `${origin}/push/${deviceId}`,
          keys: { p256dh: publicKey.toString('base64url'), auth: device.auth.toString('base64url') },
        },
        answerWith: (status: number) => void (device.status = status),
      }
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
