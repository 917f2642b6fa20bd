import type { FriendsAnswer, UserSearchAnswer } from '@reelmates/contracts/friendships'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { friendsKeys } from '../../features/friends/queries'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { FindPeople } from './FindPeople'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/profile">{children}</a>,
}))

// The spec's query data are the answers; a refetch is sent and never answered.
neverAnsweringServer({ browserTab: true })

const me = '00000000-0000-4000-8000-000000000001'
const bruno = { id: '00000000-0000-4000-8000-000000000002', username: 'bruno', avatarUrl: null }

const found: UserSearchAnswer = { users: [{ ...bruno, friendship: 'outgoing' }], more: false }
const asked: FriendsAnswer = {
  friends: [],
  incoming: [],
  outgoing: [{ id: 'pair', user: bruno, since: '2026-11-01T00:00:00.000Z', inviteCount: 1 }],
  invitations: [],
}
const accepted: FriendsAnswer = { ...asked, outgoing: [], friends: asked.outgoing }

describe('people found, on /friends', () => {
  it('follow the friends list when it learns that a request was accepted', async () => {
    const client = createQueryClient()
    client.setQueryData(friendsKeys.list(), asked, { updatedAt: Date.now() - 2000 })
    client.setQueryData(friendsKeys.search('bru'), found, { updatedAt: Date.now() - 1000 })
    render(
      <QueryClientProvider client={client}>
        <FindPeople myId={me} />
      </QueryClientProvider>,
    )
    fireEvent.change(screen.getByRole('searchbox', { name: 'Username' }), { target: { value: 'bru' } })
    expect(await screen.findByRole('button', { name: 'Cancel your friend request to bruno' })).toBeTruthy()

    // The list, asked again while the page is open, says bruno accepted.
    await act(async () => void client.setQueryData(friendsKeys.list(), accepted))
    expect(await screen.findByRole('button', { name: 'Unfriend bruno' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Cancel your friend request to bruno' })).toBeNull()
  })
})
