import { act, renderHook } from '@testing-library/react'
import { onlineManager, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiJson, onRefusal, requests } from './api'
import { requestMessages } from './apiError'
import { createQueryClient, getQueryFn } from './queryClient'
import { removeToast, useToasts } from './toast'
import { waitingChange } from './waitingChanges'

afterEach(() => {
  vi.unstubAllGlobals()
  onlineManager.setOnline(true)
  act(() => removeToast())
})

const answering = (status: number, body: unknown) =>
  vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  )

describe('a change made offline', () => {
  it('tells the person it was saved on the device, but not for a change the app makes on its own', async () => {
    vi.stubGlobal('fetch', answering(200, {}))
    const client = createQueryClient()
    const shown = renderHook(() => useToasts())
    onlineManager.setOnline(false)
    const background = client.getMutationCache().build(client, {
      mutationFn: () => Promise.resolve('seen'),
      meta: { background: true },
      networkMode: 'online',
    })
    void background.execute(undefined)
    await Promise.resolve()
    expect(shown.result.current).toEqual([])
    expect(background.state.isPaused).toBe(true)
    const asked = client.getMutationCache().build(client, { ...waitingChange(() => Promise.resolve('added')) })
    void asked.execute({})
    await vi.waitFor(() => expect(shown.result.current.map((toast) => toast.title)).toEqual(['Saved on this device']))
    expect(asked.state.isPaused).toBe(true)
  })

  it('fails at once a change that does not wait, without saying it was saved: it would be lost with the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const client = createQueryClient()
    const shown = renderHook(() => useToasts())
    onlineManager.setOnline(false)
    const accept = client.getMutationCache().build(client, {
      mutationFn: () => requests.send('POST', '/api/friendships/f1/accept'),
    })
    await expect(accept.execute(undefined)).rejects.toThrow(requestMessages.network)
    expect(accept.state.isPaused).toBe(false)
    expect(shown.result.current).toEqual([])
  })
})

describe('the query client defaults (spec §9)', () => {
  it('staleTime 0, no refetch interval, no refetch on focus, no retries for queries or mutations', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions()
    expect(queries).toMatchObject({ staleTime: 0, refetchInterval: false, refetchOnWindowFocus: false })
    expect(mutations).toMatchObject({ retry: false })
  })

  it('a query that got no answer at all keeps what it showed and is asked again once the server answers', async () => {
    let reachable = false
    let served = 0
    const fetch = vi.fn((input: string) => {
      if (!reachable) return Promise.reject(new TypeError('Failed to fetch'))
      if (input.startsWith('/api/health')) return Promise.resolve(new Response('{}', { status: 200 }))
      served += 1
      return Promise.resolve(new Response(JSON.stringify({ served }), { status: 200 }))
    })
    vi.stubGlobal('fetch', fetch)
    const client = createQueryClient()
    // As QueryClientProvider does: the client follows the connection.
    client.mount()
    client.setQueryData(['/api/watchlist'], { served: 0 }, { updatedAt: Date.now() - 60_000 })
    const observer = new QueryObserver(client, { queryKey: ['/api/watchlist'] })
    const unsubscribe = observer.subscribe(() => undefined)
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'), { timeout: 3000 })
      expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: { served: 0 } })
      reachable = true
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ served: 1 }), { timeout: 5000 })
      expect(observer.getCurrentResult().status).toBe('success')
    } finally {
      unsubscribe()
      client.unmount()
    }
  })

  it('a failed query is asked once, not retried (an observer, as useQuery uses, would otherwise retry 3 times)', async () => {
    const fetch = answering(500, { message: 'down' })
    vi.stubGlobal('fetch', fetch)
    const observer = new QueryObserver(createQueryClient(), { queryKey: ['/api/tmdb/genres'] })
    const unsubscribe = observer.subscribe(() => undefined)
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'), { timeout: 3000 })
    } finally {
      unsubscribe()
    }
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('the default query function GETs the first key element; a 401 is null only with returnNull', async () => {
    const fetch = answering(401, { message: 'Not signed in' })
    vi.stubGlobal('fetch', fetch)
    const client = createQueryClient()
    await expect(client.query({ queryKey: ['/api/user'] })).rejects.toMatchObject({ status: 401 })
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toMatch(/^\/api\/user\?_ts=\d+$/)
    const asNull = getQueryFn({ on401: 'returnNull' })
    expect(await client.query({ queryKey: ['/api/user', 'null'], queryFn: asNull })).toBeNull()
  })

  it('tells onRefusal of every refused request: a query’s, a change’s, and a screen’s own call', async () => {
    vi.stubGlobal('fetch', answering(401, { message: 'You need to sign in first' }))
    const refused: unknown[] = []
    const stop = onRefusal((error) => refused.push(error.status))
    const client = createQueryClient()
    await expect(client.query({ queryKey: ['/api/feed'] })).rejects.toMatchObject({ status: 401 })
    const change = client.getMutationCache().build(client, {
      mutationFn: () => apiJson('/api/user/profile', { method: 'PUT', body: {} }),
    })
    await expect(change.execute(undefined)).rejects.toMatchObject({ status: 401 })
    // The profile's save and the avatar call the API themselves, outside any query or change.
    await expect(apiJson('/api/user/avatar', { method: 'DELETE' })).rejects.toMatchObject({ status: 401 })
    expect(refused).toEqual([401, 401, 401])
    stop()
  })
})
