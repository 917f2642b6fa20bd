import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { friendsCalls } from '../../features/friends/friendsCalls'
import { ApiError, requestMessages } from '../../lib/apiError'
import * as toasts from '../../lib/toast'
import { InviteByEmail } from './InviteByEmail'

afterEach(() => vi.restoreAllMocks())

const nothingListed: FriendsAnswer = { friends: [], incoming: [], outgoing: [], invitations: [] }

function invite(address: string) {
  const said: toasts.ToastInput[] = []
  vi.spyOn(toasts, 'toast').mockImplementation((input) => {
    said.push(input)
    return { id: String(said.length), dismiss: () => undefined, update: () => undefined }
  })
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InviteByEmail />
    </QueryClientProvider>,
  )
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: address } })
  fireEvent.click(screen.getByRole('button', { name: 'Send invite' }))
  return said
}

// The address may be that of a member who had asked me: the invitation then made us friends and is
// not listed, and the list never says whose address is whose.
describe('an invitation whose answer was lost and that the list does not show', () => {
  it('says it cannot tell whether it went, not that the address has a problem', async () => {
    vi.spyOn(friendsCalls, 'ask').mockRejectedValue(new ApiError(requestMessages.network, 0))
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(nothingListed)
    const said = invite('cleo@example.com')
    await waitFor(() => expect(said).toHaveLength(1))
    expect(said[0]).toMatchObject({ title: "Couldn't confirm the invitation was sent" })
    expect(said[0]?.variant).not.toBe('destructive')
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
