import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'

/**
 * Whether the app can reach the server. `offline`: the browser says it has no network.
 * `unreachable`: the browser says it is online, but a request to the server got no answer at all
 * (a captive portal, a network that is up without a route, the server restarting).
 *
 * Both count as offline for TanStack Query (`onlineManager`): queries wait and show the answers the
 * device kept, and the changes that can wait are queued. Without the second, a phone on such a
 * network showed "could not be loaded" where it shows its kept answers with no network at all.
 */
export type Connection = 'online' | 'offline' | 'unreachable'

/**
 * How soon the server is asked again after it gave no answer, doubling up to `longest`; a tab out of
 * view asks every `hidden` (coming back into view asks at once). A probe is one small cookieless GET.
 * The longest wait was 30 s: a server back after a restart went unnoticed for up to half a minute,
 * with the banner up and every screen's load waiting (found by a walk-through).
 */
export const probeDelaysMs = { first: 1000, longest: 5000, hidden: 30_000 } as const
export const probePath = '/api/health'
/**
 * A probe that gets neither an answer nor a failure in this time is given up and counts as no answer.
 * Without it, a probe held open (by a proxy or captive portal that keeps the connection, or a peer
 * that vanished without closing it) kept the app unreachable after the server was back: every later
 * probe, from the timer, the 'online' event or the tab coming back, waits for the one in flight.
 */
export const probeTimeoutMs = 10_000

let unreachable = false
let probeDelayMs: number = probeDelaysMs.first
let probeTimer: ReturnType<typeof setTimeout> | undefined
let probing = false
const listeners = new Set<() => void>()

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine

function changed(): void {
  for (const listener of listeners) listener()
}

export function connection(): Connection {
  if (onlineManager.isOnline()) return 'online'
  return unreachable && browserOnline() ? 'unreachable' : 'offline'
}

/** When a change kept on this device goes out, as far as the app can tell now. */
export function whenChangesGoOut(reach: Connection = connection()): string {
  return reach === 'unreachable' ? 'as soon as Reelmates can be reached' : 'when you are back online'
}

function schedule(delayMs: number): void {
  if (probeTimer !== undefined) clearTimeout(probeTimer)
  probeTimer = setTimeout(() => void probe({ onTimer: true }), delayMs)
}

/**
 * A 502, 503 or 504 that is not JSON comes from a proxy in front of the server (nginx's "502 Bad
 * Gateway" page while the gateway restarts), not from the gateway, which answers every API request
 * in JSON: the server itself gave no answer. Counted as an answer, it showed "could not be loaded"
 * and lost a change that could have waited, with the proxy's HTML in its toast.
 */
export function isProxyWithoutServer(response: Pick<Response, 'status' | 'headers'>): boolean {
  return [502, 503, 504].includes(response.status) && !(response.headers.get('Content-Type') ?? '').includes('json')
}

/**
 * Asks the server whether it answers: any HTTP answer from it means it can be reached (not a proxy's
 * for it). Without a cookie, so the server does no session work for it.
 */
async function probe({ onTimer = false }: { onTimer?: boolean } = {}): Promise<void> {
  if (probeTimer !== undefined) clearTimeout(probeTimer)
  probeTimer = undefined
  // With no network, the browser's 'online' event asks again (followConnection).
  if (!unreachable || probing || !browserOnline()) return
  probing = true
  const giveUp = new AbortController()
  const deadline = setTimeout(() => giveUp.abort(), probeTimeoutMs)
  try {
    const answer = await fetch(`${probePath}?_ts=${Date.now()}`, {
      cache: 'no-store',
      credentials: 'omit',
      signal: giveUp.signal,
    })
    if (isProxyWithoutServer(answer)) throw new Error('the proxy answered for the server')
    probing = false
    serverAnswered()
  } catch {
    probing = false
    // Reached meanwhile by another request, the next probe returns at once. Only the timer's own
    // probes back off: one asked for by the person or the browser does not push the next one away.
    if (onTimer) probeDelayMs = Math.min(probeDelayMs * 2, probeDelaysMs.longest)
    schedule(document.visibilityState === 'hidden' ? Math.max(probeDelayMs, probeDelaysMs.hidden) : probeDelayMs)
  } finally {
    clearTimeout(deadline)
  }
}

/**
 * The request client saw a request go without any answer. With the browser online, that is the
 * server out of reach: the app goes offline until a probe, or any other request, gets an answer.
 */
export function serverUnanswered(): void {
  if (!browserOnline()) return
  if (!unreachable) {
    unreachable = true
    probeDelayMs = probeDelaysMs.first
    schedule(probeDelayMs)
  }
  onlineManager.setOnline(false)
  changed()
}

/**
 * The person asked for fresh answers (a pull to refresh): with the server out of reach, it is asked
 * now rather than at the next probe, which may be 30 s away.
 */
export function askServerNow(): void {
  if (unreachable) void probe()
}

/** The server answered a request (whatever it said): it can be reached. */
export function serverAnswered(): void {
  if (!unreachable) return
  unreachable = false
  if (probeTimer !== undefined) clearTimeout(probeTimer)
  probeTimer = undefined
  onlineManager.setOnline(browserOnline())
  changed()
}

/**
 * TanStack Query follows the browser's online/offline events but starts out "online", so a page
 * opened without a network would try every request and show errors. Starting from navigator.onLine
 * makes queries wait (showing their kept answers) and changes queue until the connection returns.
 * While the server is out of reach, the browser's 'online' event is no proof it can be reached
 * again: it asks the server at once instead. Coming back to the tab or the window asks too.
 */
export function followConnection(): void {
  if (typeof window === 'undefined') return
  onlineManager.setOnline(browserOnline())
  onlineManager.setEventListener((setOnline) => {
    const online = () => {
      if (unreachable) void probe()
      else setOnline(true)
      changed()
    }
    const offline = () => {
      setOnline(false)
      changed()
    }
    const visible = () => {
      if (unreachable && document.visibilityState === 'visible') void probe()
    }
    // A window side by side with another is in view all along: going back to it is only a focus.
    const focused = () => {
      if (unreachable) void probe()
    }
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    window.addEventListener('focus', focused)
    document.addEventListener('visibilitychange', visible)
    return () => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      window.removeEventListener('focus', focused)
      document.removeEventListener('visibilitychange', visible)
    }
  })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const stop = onlineManager.subscribe(listener)
  return () => {
    listeners.delete(listener)
    stop()
  }
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connection, () => 'online')
}

export function useOnline(): boolean {
  return useConnection() === 'online'
}

/** For specs: back to a reachable server with no probe waiting. */
export function forgetUnreachable(): void {
  serverAnswered()
  probeDelayMs = probeDelaysMs.first
}
