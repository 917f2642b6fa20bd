import webpush from 'web-push'
import type { PushConfig } from '../config'
import type { PushSender } from './port'

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The push services of the browsers themselves: Chrome and most Chromium browsers (FCM), Firefox
 * (autopush), Edge (WNS), Safari (APNs). The server POSTs to whatever address a member saves, so in
 * production no other host is accepted: otherwise a member could make it call the hosts behind it.
 */
const browserPushHosts = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'web.push.apple.com'])
const browserPushDomains = ['.notify.windows.com', '.push.apple.com']

export function isBrowserPushService(url: URL): boolean {
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false
  const host = url.hostname.toLowerCase()
  return browserPushHosts.has(host) || browserPushDomains.some((domain) => host.endsWith(domain))
}

/**
 * In production only a browser's own push service. Elsewhere (development, tests) any https push
 * service, and one on this machine over plain http (the tests' fake push service).
 */
export function pushEndpointAllowed(endpoint: string, anyPushService: boolean): boolean {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : null
  if (!url) return false
  if (!anyPushService) return isBrowserPushService(url)
  if (url.protocol === 'https:') return true
  return url.protocol === 'http:' && loopbackHosts.has(url.hostname)
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
      // Saved before the rule was as strict (or written around the route): never sent to, and
      // answered as a subscription the push service no longer knows, so the device is dropped.
      if (!pushEndpointAllowed(target.endpoint, config.anyPushService)) return 'expired'
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
