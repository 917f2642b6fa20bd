import { describe, expect, it } from 'vitest'
import { pushMessages, pushSubscriptionRequest } from './push'

const endpoint = 'https://fcm.googleapis.com/fcm/send/abc'
const p256dh = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const point = new Uint8Array(65).fill(7)
point[0] = 0x04
const keys = { p256dh: p256dh(point), auth: Buffer.alloc(16, 9).toString('base64url') }
const messagesOf = (body: unknown) => {
  const parsed = pushSubscriptionRequest.safeParse(body)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('a push subscription', () => {
  it("takes a browser's keys: an uncompressed P-256 point and a 16-byte secret, padded or not", () => {
    expect(messagesOf({ endpoint, keys })).toEqual([])
    expect(messagesOf({ endpoint, keys: { p256dh: `${keys.p256dh}=`, auth: `${keys.auth}==` } })).toEqual([])
  })

  it('refuses a p256dh that is not 65 bytes starting with 0x04, which no push could be encrypted for', () => {
    const compressed = point.slice(0, 33)
    compressed[0] = 0x02
    const notUncompressed = point.slice()
    notUncompressed[0] = 0x05
    for (const bad of ['B'.repeat(40), p256dh(compressed), p256dh(notUncompressed), `${keys.p256dh}AA`])
      expect(messagesOf({ endpoint, keys: { ...keys, p256dh: bad } }), bad).toContain(pushMessages.badP256dh)
  })

  it('refuses an auth secret that is not 16 bytes', () => {
    for (const bad of ['a'.repeat(8), Buffer.alloc(15).toString('base64url'), Buffer.alloc(17).toString('base64url')])
      expect(messagesOf({ endpoint, keys: { ...keys, auth: bad } }), bad).toContain(pushMessages.badAuth)
  })
})
