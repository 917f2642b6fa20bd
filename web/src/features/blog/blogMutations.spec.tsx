import { QueryClientProvider, QueryObserver } from '@tanstack/react-query'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { removeToast } from '../../lib/toast'
import { blogCalls } from './blogCalls'
import { useDeletePost } from './blogMutations'
import { blogKeys } from './blogQueries'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  act(() => removeToast())
})

describe('deleting a post', () => {
  it('asks again for the blog’s lists but not for the post that is gone, which would answer 404', async () => {
    const client = createQueryClient()
    const postAsked = vi.fn(() => Promise.resolve({ id: 'p1' }))
    const listAsked = vi.fn(() => Promise.resolve([]))
    // The editor still shows the post, and the list is open in another part of the screen.
    const watching = [
      new QueryObserver(client, { queryKey: blogKeys.adminPost('p1'), queryFn: postAsked }),
      new QueryObserver(client, { queryKey: blogKeys.adminPosts('', 'all'), queryFn: listAsked }),
    ].map((observer) => observer.subscribe(() => undefined))
    await vi.waitFor(() => expect(listAsked).toHaveBeenCalledTimes(1))
    vi.spyOn(blogCalls, 'deletePost').mockResolvedValue(undefined as never)
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useDeletePost(), { wrapper })
    await act(() => result.current.mutateAsync('p1'))
    expect(listAsked).toHaveBeenCalledTimes(2)
    expect(postAsked).toHaveBeenCalledTimes(1)
    expect(client.getQueryCache().find({ queryKey: blogKeys.adminPost('p1'), exact: true })).toBeUndefined()
    for (const stop of watching) stop()
  })
})
