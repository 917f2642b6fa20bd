import type { NewsPage } from '@reelmates/contracts/blog'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { blogCalls } from './blogCalls'
import { useRecordNewsVisit, useRecordPostRead, useUnreadNews } from './unreadNews'

const user = vi.hoisted(() => ({ current: { id: 'u1', lastNewsVisit: '2026-11-01T00:00:00.000Z' } }))
vi.mock('../account/currentUser', () => ({
  currentUserKey: ['/api/user'],
  useCurrentUser: () => ({ data: user.current }),
}))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const older = '2026-11-10T12:00:00.000Z'
const newest = '2026-11-20T12:00:00.000Z'
const page = (publishedAt: string[]): NewsPage => ({
  items: publishedAt.map((at, index) => ({
    slug: `post-${index}`,
    title: `Post ${index}`,
    excerpt: '',
    featuredImageUrl: null,
    publishedAt: at,
    categories: [],
  })),
  page: 1,
  pageSize: 10,
  total: publishedAt.length,
})

function withNews(publishedAt: string[]) {
  vi.spyOn(blogCalls, 'newsPage').mockResolvedValue(page(publishedAt))
  const recordVisit = vi.spyOn(blogCalls, 'recordVisit').mockResolvedValue({ lastNewsVisit: newest })
  const client = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
  return { recordVisit, wrapper }
}

/** Lets the news page load and any visit be sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('the unread-news dot', () => {
  it('is cleared by reading the newest post', async () => {
    const { recordVisit, wrapper } = withNews([newest, older])
    renderHook(() => useRecordPostRead(newest), { wrapper })
    await waitFor(() => expect(recordVisit).toHaveBeenCalledTimes(1))
  })

  it('stays while a newer post than the one read is unread', async () => {
    const { recordVisit, wrapper } = withNews([newest, older])
    renderHook(() => useRecordPostRead(older), { wrapper })
    await settle()
    expect(recordVisit).not.toHaveBeenCalled()
  })

  it('records nothing while the post is still loading, or when nothing is unread', async () => {
    const loading = withNews([newest])
    renderHook(() => useRecordPostRead(undefined), { wrapper: loading.wrapper })
    await settle()
    expect(loading.recordVisit).not.toHaveBeenCalled()

    user.current = { ...user.current, lastNewsVisit: '2026-11-21T00:00:00.000Z' }
    const seen = withNews([newest])
    renderHook(() => useRecordPostRead(newest), { wrapper: seen.wrapper })
    await settle()
    expect(seen.recordVisit).not.toHaveBeenCalled()
    user.current = { ...user.current, lastNewsVisit: '2026-11-01T00:00:00.000Z' }
  })

  it('is cleared by opening a news list', async () => {
    const { recordVisit, wrapper } = withNews([newest, older])
    renderHook(() => useRecordNewsVisit(), { wrapper })
    await waitFor(() => expect(recordVisit).toHaveBeenCalledTimes(1))
  })

  it('lights up within a minute for a post published while the app stays open', async () => {
    user.current = { ...user.current, lastNewsVisit: '2026-11-15T00:00:00.000Z' }
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const asked = vi.spyOn(blogCalls, 'newsPage').mockResolvedValue(page([older]))
      const client = createQueryClient()
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      )
      const { result } = renderHook(() => useUnreadNews(), { wrapper })
      await waitFor(() => expect(asked).toHaveBeenCalled())
      expect(result.current).toBe(false)
      asked.mockResolvedValue(page([newest, older]))
      await vi.advanceTimersByTimeAsync(60_000)
      await waitFor(() => expect(result.current).toBe(true))
    } finally {
      vi.useRealTimers()
      user.current = { ...user.current, lastNewsVisit: '2026-11-01T00:00:00.000Z' }
    }
  })
})
