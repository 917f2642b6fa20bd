import type { FeedAnswer, FeedItem } from '@reelmates/contracts/feed'
import { QueryClientProvider, type InfiniteData } from '@tanstack/react-query'
import { cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetRequestClient } from '../../lib/api'
import { createQueryClient } from '../../lib/queryClient'
import { feedKeys, feedRefetchMs, goneCheckMs } from './feedQueries'
import { useGoneActivity } from './goneActivity'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetRequestClient()
})

/** An activity recorded at minute `at` of the day (the higher, the newer). */
const activity = (id: string, at: number): FeedItem =>
  ({ id, createdAt: new Date(Date.UTC(2026, 10, 27, 10, at)).toISOString() }) as FeedItem
const page = (...items: FeedItem[]): FeedAnswer => ({ items, nextCursor: 'next' })

/**
 * A timeline scrolled past its live pages (three loaded: f e | d c | b a), the server's feed now
 * holding `present`: what the list holds after `ms`, and what was asked of the server.
 */
async function listAfter(present: string[], ms: number) {
  const asked: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url)
      return Promise.resolve(
        new Response(JSON.stringify({ ids: present, complete: true }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
      )
    }),
  )
  const client = createQueryClient()
  const timeline: InfiniteData<FeedAnswer, string | null> = {
    pages: [
      page(activity('f', 60), activity('e', 50)),
      page(activity('d', 40), activity('c', 30)),
      page(activity('b', 20), activity('a', 10)),
    ],
    pageParams: [null, 'p1', 'p2'],
  }
  client.setQueryData(feedKeys.timeline(), timeline)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  renderHook(() => useGoneActivity(timeline.pages.length), { wrapper })
  await vi.advanceTimersByTimeAsync(ms)
  const after = client.getQueryData<InfiniteData<FeedAnswer, string | null>>(feedKeys.timeline())
  return { pages: after?.pages.map((shown) => shown.items.map((item) => item.id)), asked }
}

describe('a long timeline, past its live pages', () => {
  it('drops, where they are, the activities gone from the feed (made private, an ex-friend’s)', async () => {
    const { pages } = await listAfter(['f', 'e', 'c', 'b', 'a'], 0)
    expect(pages).toEqual([['f', 'e'], ['c'], ['b', 'a']])
  })

  it('asks one list of ids every 30 s, not every page loaded every 5 s', async () => {
    const { asked } = await listAfter(['f', 'e', 'd', 'c', 'b', 'a'], 2 * goneCheckMs + feedRefetchMs)
    expect(asked).toHaveLength(3)
    expect(asked.every((url) => url.includes('/api/feed/ids?to='))).toBe(true)
  })
})
