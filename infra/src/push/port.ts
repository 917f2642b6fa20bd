/** A device's subscription as the browser gave it. */
export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushOptions {
  /** How long the push service keeps it for an offline device, in seconds. */
  ttlSeconds: number
  /** A newer push with the same topic replaces one not yet delivered (a batch of reactions). */
  topic?: string
}

/**
 * `expired`: stop sending to it: the push service no longer knows the subscription (404 or 410), or
 * its address is not one this server sends to.
 */
export type PushOutcome = 'delivered' | 'expired'

/** Sends one encrypted, VAPID-signed push; any other refusal of the push service throws. */
export interface PushSender {
  readonly publicKey: string
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>
}
