import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { forgetUnreachable, serverUnanswered } from '../../lib/connection'
import { createQueryClient } from '../../lib/queryClient'
import { OfflineBanner } from './OfflineBanner'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  forgetUnreachable()
  onlineManager.setOnline(true)
})

const member = { id: 'u1', username: 'ann', email: 'ann@example.com', role: 'User' }

function showBanner(user: typeof member | null) {
  const client = createQueryClient()
  client.setQueryData(currentUserKey, user)
  render(
    <QueryClientProvider client={client}>
      <OfflineBanner />
    </QueryClientProvider>,
  )
}

const banner = () => screen.queryByRole('status')?.textContent

describe('the offline banner', () => {
  it('is not there online', () => {
    showBanner(member)
    expect(banner()).toBeUndefined()
  })

  it('offline, tells a member their changes wait', () => {
    showBanner(member)
    act(() => onlineManager.setOnline(false))
    expect(banner()).toBe(
      "You're offline.Changes to your lists, comments, reactions and recommendations are kept and sent when you are back online.",
    )
  })

  it('with the server out of reach, says so, and when the changes go', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    )
    showBanner(member)
    act(() => serverUnanswered())
    expect(banner()).toBe(
      "Can't reach Reelmates.Changes to your lists, comments, reactions and recommendations are kept and sent as soon as Reelmates can be reached.",
    )
    vi.unstubAllGlobals()
  })

  it('promises nothing about changes to someone signed out: a sign-in cannot wait', () => {
    showBanner(null)
    act(() => onlineManager.setOnline(false))
    expect(banner()).toBe("You're offline.")
  })
})
