import type { InvitationLinkAnswer } from '@reelmates/contracts/friendships'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { removeToast, useToasts } from '../../lib/toast'
import { acceptFriendWithToken } from '../account/accountCalls'
import { friendsCalls } from './friendsCalls'
import { useInvitationOnArrival } from './useInvitationOnArrival'

const navigate = vi.fn()
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }))
vi.mock('../account/accountCalls', () => ({ acceptFriendWithToken: vi.fn(() => new Promise(() => undefined)) }))

neverAnsweringServer()
beforeEach(() => {
  navigate.mockClear()
  vi.mocked(acceptFriendWithToken).mockClear()
})
afterEach(() => act(() => removeToast()))

let tokens = 0

/** A member signed in already lands on /home with an invitation link whose preview answers `opener`. */
async function arriveWith(opener: InvitationLinkAnswer['opener']) {
  vi.spyOn(friendsCalls, 'invitationLink').mockResolvedValue({ inviter: { username: 'ann', avatarUrl: null }, opener })
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const token = `token-${(tokens += 1)}`
  const arrival = renderHook(() => ({ ...useInvitationOnArrival({ invite: true, token }), toasts: useToasts() }), {
    wrapper,
  })
  await waitFor(() => expect(friendsCalls.invitationLink).toHaveBeenCalledWith(token))
  return { ...arrival, token }
}

const sentTo = 'o•••@example.com'

describe('an invitation link opened by a member signed in already', () => {
  it("asks a member who is not the inviter's friend, when it was mailed to another address", async () => {
    const arrival = await arriveWith({ is: 'other', sentTo, open: true, friends: false })
    await waitFor(() =>
      expect(arrival.result.current.question).toEqual({ token: arrival.token, inviter: 'ann', sentTo }),
    )
    expect(acceptFriendWithToken).not.toHaveBeenCalled()
  })

  it.each([
    [
      'mailed to another address',
      'other',
      `You and ann are friends already. This invitation went to ${sentTo}; it is left for them.`,
    ],
    ['mailed to them', 'addressee', 'You and ann are friends already; there is nothing to accept.'],
  ] as const)(
    "tells the inviter's friend they are friends already, with the way to Friends, and asks nothing (%s)",
    async (_, is, description) => {
      const arrival = await arriveWith({ is, sentTo, open: true, friends: true })
      await waitFor(() => expect(arrival.result.current.toasts[0]?.title).toBe('Already friends'))
      const [told] = arrival.result.current.toasts
      expect(told?.description).toBe(description)
      expect(arrival.result.current.question).toBeNull()
      expect(acceptFriendWithToken).not.toHaveBeenCalled()

      act(() => told?.action?.onClick())
      expect(navigate).toHaveBeenLastCalledWith({ to: '/friends' })
    },
  )
})
