import { z } from 'zod'
import { defineEvent, type EventOf } from './events'

/**
 * Web push: one subscription per device (browser profile), kept as events on the stream
 * `push-subscriptions-<userId>`. The endpoint and its keys identify the device and let anyone who
 * holds them push to it, so they are the user's personal data (encrypted, erased with the account).
 */

export const pushMessages = {
  badEndpoint: 'A push subscription needs the https address of a push service.',
  unknownPushService:
    "This browser's push service is not supported. Push notifications work in Chrome, Edge, Firefox and Safari.",
  badKeys: 'A push subscription needs its p256dh and auth keys.',
  badP256dh:
    "A push subscription's p256dh key must be an uncompressed P-256 public key: 65 bytes in base64url, the first one 0x04.",
  badAuth: "A push subscription's auth secret must be 16 bytes in base64url.",
  noSuchSubscription: 'This device is not subscribed to push notifications.',
} as const

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, pushMessages.badKeys)

/** The bytes of a base64url text (atob, so the browser can check as the server does); null if none. */
function bytesOf(text: string): Uint8Array | null {
  try {
    const binary = atob(text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'))
    return Uint8Array.from(binary, (char) => char.charCodeAt(0))
  } catch {
    return null
  }
}

/**
 * The keys web push encrypts with (RFC 8291): the browser's P-256 public key, uncompressed, and a
 * 16-byte secret. Any other key is refused here: taken, it made every push to the device fail.
 */
const p256dhKey = base64url.max(100, pushMessages.badP256dh).refine((text) => {
  const bytes = bytesOf(text)
  return bytes?.length === 65 && bytes[0] === 0x04
}, pushMessages.badP256dh)
const authSecret = base64url
  .max(30, pushMessages.badAuth)
  .refine((text) => bytesOf(text)?.length === 16, pushMessages.badAuth)

/** A device's keys as web push can encrypt for; the sender checks stored devices by it too. */
export const pushKeys = z.object({ p256dh: p256dhKey, auth: authSecret }, { message: pushMessages.badKeys })

/** The browser's `PushSubscription.toJSON()`, as `POST /api/push/subscriptions` takes it. */
export const pushSubscriptionRequest = z.object({
  endpoint: z.url({ message: pushMessages.badEndpoint }).max(2048, pushMessages.badEndpoint),
  expirationTime: z.number().nullable().optional(),
  keys: pushKeys,
})
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>

export const pushUnsubscribeRequest = z.object({
  endpoint: z.url({ message: pushMessages.badEndpoint }).max(2048, pushMessages.badEndpoint),
})

export const publicKeyAnswer = z.object({ publicKey: z.string() })

/** My subscribed devices, without their secrets: enough to say "2 devices get push notifications". */
export const pushDevicesAnswer = z.object({
  devices: z.array(z.object({ id: z.string(), service: z.string(), subscribedAt: z.string() })),
})

const personalDevice = { subjectField: 'userId', fields: ['endpoint', 'keys'] } as const

/** `subscriptionId` is a hash of the endpoint: it names the device without revealing it. */
export const PushSubscriptionAdded = defineEvent(
  'PushSubscriptionAdded',
  z.object({
    userId: z.string(),
    subscriptionId: z.string(),
    endpoint: z.string(),
    keys: z.object({ p256dh: z.string(), auth: z.string() }),
    subscribedAt: z.string(),
  }),
  { personal: personalDevice },
)

/**
 * `expired`: the push service answered 404 or 410, so the browser dropped the subscription.
 * `unusable`: its keys are none web push can encrypt for (`pushKeys`), saved before subscribing
 * checked them; every push to it failed.
 * `moved`: another member subscribed the same browser (a shared computer): a browser has one push
 * endpoint, and it gets the pushes of the member who subscribed it last.
 */
export const PushSubscriptionRemoved = defineEvent(
  'PushSubscriptionRemoved',
  z.object({
    userId: z.string(),
    subscriptionId: z.string(),
    reason: z.enum(['unsubscribed', 'expired', 'moved', 'unusable']),
    removedAt: z.string(),
  }),
)

export type PushSubscriptionEvent = EventOf<typeof PushSubscriptionAdded> | EventOf<typeof PushSubscriptionRemoved>
