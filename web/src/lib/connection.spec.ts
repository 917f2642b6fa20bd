import { onlineManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiJson } from './api'
import {
  askServerNow,
  connection,
  followConnection,
  probeDelaysMs,
  probePath,
  probeTimeoutMs,
  serverAnswered,
  serverUnanswered,
} from './connection'

/** `fetch` as the network answers it: the server unreachable until `reach()` is called. */
function network() {
  let reachable = false
  const fetch = vi.fn((_input: string, _init?: RequestInit) =>
    reachable
      ? Promise.resolve(
          new Response('{"status":"ok"}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
        )
      : Promise.reject(new TypeError('Failed to fetch')),
  )
  vi.stubGlobal('fetch', fetch)
  const probes = () => fetch.mock.calls.filter(([url]) => url.startsWith(`${probePath}?`))
  return { fetch, probes, reach: () => (reachable = true) }
}

function browserOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

beforeEach(() => {
  vi.useFakeTimers()
  followConnection()
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the server out of reach while the browser says it is online', () => {
  it('a request with no answer takes the app offline, for queries and changes, until a probe gets an answer', async () => {
    const net = network()
    await expect(apiJson('/api/watchlist')).rejects.toMatchObject({ status: 0 })
    expect(connection()).toBe('unreachable')
    expect(onlineManager.isOnline()).toBe(false)

    await vi.advanceTimersByTimeAsync(probeDelaysMs.first)
    expect(net.probes()).toHaveLength(1)
    expect(connection()).toBe('unreachable')

    net.reach()
    await vi.advanceTimersByTimeAsync(probeDelaysMs.first * 2)
    expect(net.probes()).toHaveLength(2)
    expect(connection()).toBe('online')
    expect(onlineManager.isOnline()).toBe(true)
    await vi.advanceTimersByTimeAsync(probeDelaysMs.longest * 2)
    expect(net.probes()).toHaveLength(2)
  })

  it('asks again less and less often, never less than every 5 s, and without the session cookie', async () => {
    const net = network()
    serverUnanswered()
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 5000 + 5000)
    expect(net.probes()).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(4900)
    expect(net.probes()).toHaveLength(5)
    expect(net.probes()[0]?.[1]).toMatchObject({ credentials: 'omit', cache: 'no-store' })
  })

  it('finds the server back within a few seconds, however long it was away', async () => {
    const net = network()
    serverUnanswered()
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    net.reach()
    await vi.advanceTimersByTimeAsync(5000)
    expect(connection()).toBe('online')
  })

  it('a tab out of view asks only every 30 s, and at once when it is back', async () => {
    const net = network()
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    serverUnanswered()
    await vi.advanceTimersByTimeAsync(probeDelaysMs.first)
    expect(net.probes()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(probeDelaysMs.hidden - 100)
    expect(net.probes()).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(net.probes()).toHaveLength(2)
    net.reach()
    visibility.mockReturnValue('visible')
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(connection()).toBe('online')
  })

  it('coming back to the window (a focus, with the tab in view all along) asks at once', async () => {
    const net = network()
    serverUnanswered()
    net.reach()
    window.dispatchEvent(new Event('focus'))
    await vi.advanceTimersByTimeAsync(0)
    expect(net.probes()).toHaveLength(1)
    expect(connection()).toBe('online')
  })

  it('any answer from the server, even a refusal, means it can be reached: no probe is left waiting', async () => {
    const refusing = vi.fn((_input: string) =>
      Promise.resolve(new Response('{"message":"Not signed in"}', { status: 401 })),
    )
    vi.stubGlobal('fetch', refusing)
    serverUnanswered()
    await expect(apiJson('/api/user')).rejects.toMatchObject({ status: 401 })
    expect(connection()).toBe('online')
    await vi.advanceTimersByTimeAsync(probeDelaysMs.longest)
    expect(refusing.mock.calls.map(([url]) => url.split('?')[0])).toEqual(['/api/user'])
  })

  it('a proxy answering for the server (its 502 page) is no answer; the gateway’s own JSON 503 is one', async () => {
    let proxyOnly = true
    const fetch = vi.fn((_input: string) =>
      Promise.resolve(
        proxyOnly
          ? new Response('<html><title>502 Bad Gateway</title></html>', {
              status: 502,
              headers: { 'Content-Type': 'text/html' },
            })
          : new Response('{"message":"Shutting down"}', {
              status: 503,
              headers: { 'Content-Type': 'application/json' },
            }),
      ),
    )
    vi.stubGlobal('fetch', fetch)
    serverUnanswered()
    await vi.advanceTimersByTimeAsync(probeDelaysMs.first)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(connection()).toBe('unreachable')
    proxyOnly = false
    await vi.advanceTimersByTimeAsync(probeDelaysMs.first * 2)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(connection()).toBe('online')
  })

  it('the browser’s online event is no proof: the server is asked at once instead', async () => {
    const net = network()
    serverUnanswered()
    browserOnline(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(net.probes()).toHaveLength(1)
    expect(connection()).toBe('unreachable')
    net.reach()
    browserOnline(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(connection()).toBe('online')
  })

  it('a probe held with neither an answer nor a failure is given up, so a later one finds the server back', async () => {
    // A connection kept open by something in between: only the probe's own deadline ends it.
    const held = vi.fn(
      (_input: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('The probe was given up', 'AbortError')),
          ),
        ),
    )
    vi.stubGlobal('fetch', held)
    serverUnanswered()
    await vi.advanceTimersByTimeAsync(probeDelaysMs.first)
    expect(held).toHaveBeenCalledTimes(1)

    // The server is back; the browser's 'online' event and the tab coming back ask for it too.
    const net = network()
    net.reach()
    browserOnline(true)
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(probeTimeoutMs + probeDelaysMs.first * 2)
    expect(net.probes().length).toBeGreaterThan(0)
    expect(connection()).toBe('online')
  })

  it('a pull to refresh asks at once, and a failed ask does not push the next probe away', async () => {
    const net = network()
    serverUnanswered()
    askServerNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(net.probes()).toHaveLength(1)
    // The timer's first probe, 1 s after the first unanswered request, still comes at its time.
    await vi.advanceTimersByTimeAsync(probeDelaysMs.first)
    expect(net.probes()).toHaveLength(2)
    net.reach()
    askServerNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(connection()).toBe('online')
  })

  it('coming back to the tab asks at once too', async () => {
    const net = network()
    serverUnanswered()
    net.reach()
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(net.probes()).toHaveLength(1)
    expect(connection()).toBe('online')
  })
})

describe('with no network at all', () => {
  it('a request with no answer is the browser’s offline, already known: nothing is probed', async () => {
    const net = network()
    browserOnline(false)
    await expect(apiJson('/api/watchlist')).rejects.toMatchObject({ status: 0 })
    expect(connection()).toBe('offline')
    await vi.advanceTimersByTimeAsync(probeDelaysMs.longest)
    expect(net.probes()).toHaveLength(0)
  })

  it('the network going away while the server was out of reach says offline, and its return asks the server', async () => {
    const net = network()
    serverUnanswered()
    browserOnline(false)
    expect(connection()).toBe('offline')
    await vi.advanceTimersByTimeAsync(probeDelaysMs.longest)
    expect(net.probes()).toHaveLength(0)
    net.reach()
    browserOnline(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(connection()).toBe('online')
    serverAnswered()
    expect(onlineManager.isOnline()).toBe(true)
  })
})
