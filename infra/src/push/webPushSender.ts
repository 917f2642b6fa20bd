import webpush from 'web-push'
import type { PushConfig } from '../config'
import type { PushSender } from './port'

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/** Push services are https; a push service on this machine (tests, development) may be plain http. */
export function pushEndpointAllowed(endpoint: string, allowLoopback: boolean): boolean {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null
  if (!url) return false
  if (url.protocol === 'https:') return true
  return allowLoopback && url.protocol === 'http:' && loopbackHosts.has(url.hostname)
}

/**
 * The `web-push` library makes the request: the payload encrypted for the device (aes128gcm,
 * RFC 8291) and the VAPID JWT (ES256, RFC 8292) for the push service's origin. We send it with
 * fetch, which (unlike the library's own https-only sender) also reaches a loopback test service.
 */
export function createWebPushSender(config: PushConfig, options: { timeoutMs?: number } = {}): PushSender {
  const { publicKey, privateKey, subject } = config.vapid
  return {
    publicKey,
    async send(target, payload, { ttlSeconds, topic }) {
      if (!pushEndpointAllowed(target.endpoint, config.allowLoopbackEndpoints)) {
        throw new Error('the push endpoint is not an https address')
      }
      const request = webpush.generateRequestDetails(target, payload, {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: ttlSeconds,
        contentEncoding: 'aes128gcm',
        ...(topic ? { topic } : {}),
      })
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body,
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      await answer.body?.cancel()
      if (answer.status === 404 || answer.status === 410) return 'expired'
      if (!answer.ok) throw new Error(`the push service refused the push: ${answer.status}`)
      return 'delivered'
    },
  }
}
