import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as toasts from '../../lib/toast'
import { friendsCalls } from './friendsCalls'
import { useCancelInvitation, useRemoveFriend } from './mutations'

afterEach(() => vi.restoreAllMocks())

function told() {
  const said: toasts.ToastInput[] = []
  vi.spyOn(toasts, 'toast').mockImplementation((input) => {
    said.push(input)
    return { id: String(said.length), dismiss: () => undefined, update: () => undefined }
  })
  return said
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
)

describe('what a friendship change says once the server has it', () => {
  it('says a cancelled request is withdrawn, in place of the "Friend request sent" still showing', async () => {
    const said = told()
    vi.spyOn(friendsCalls, 'remove').mockResolvedValue({})
    const { result } = renderHook(() => useRemoveFriend(), { wrapper })
    result.current.mutate({ id: 'pair', username: 'cleo', kind: 'cancel' })
    await waitFor(() => expect(said).toHaveLength(1))
    expect(said[0]).toMatchObject({
      title: 'Request cancelled',
      description: 'Your friend request to cleo is withdrawn.',
    })
  })

  it('says a cancelled invitation no longer works', async () => {
    const said = told()
    vi.spyOn(friendsCalls, 'cancelInvitation').mockResolvedValue({})
    const { result } = renderHook(() => useCancelInvitation(), { wrapper })
    result.current.mutate({ id: 'i1', email: 'sam@example.com' })
    await waitFor(() => expect(said).toHaveLength(1))
    expect(said[0]).toMatchObject({
      title: 'Invitation cancelled',
      description: 'The link we emailed sam@example.com no longer works.',
    })
  })
})
