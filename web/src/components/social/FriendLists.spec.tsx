import type { FriendshipItem } from '@reelmates/contracts/friendships'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { FriendsGrid } from './FriendLists'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
}))

beforeAll(imitateModalDialogs)
// The unfriending is sent and never answered: the spec shows the list as its refetch would.
beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  ),
)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const friend = (username: string): FriendshipItem => ({
  id: `pair-${username}`,
  user: { id: `id-${username}`, username, avatarUrl: null },
  since: '2026-11-01T00:00:00.000Z',
  inviteCount: 1,
})

function friendsList(usernames: string[]) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const grid = (names: string[]) => (
    <QueryClientProvider client={client}>
      <FriendsGrid items={names.map(friend)} empty={<p>No friends yet</p>} />
    </QueryClientProvider>
  )
  const { rerender } = render(grid(usernames))
  return { showing: (names: string[]) => rerender(grid(names)) }
}

/** Unfriends someone from the keyboard: their Unfriend, then the dialog's. */
function unfriend(username: string) {
  const button = screen.getByRole('button', { name: `Unfriend ${username}` })
  button.focus()
  fireEvent.click(button)
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unfriend' }))
}

describe('the keyboard after unfriending someone on /friends', () => {
  it('goes to the friend who takes their place once their row has gone', () => {
    const list = friendsList(['ann', 'ben', 'cleo'])
    unfriend('ben')
    list.showing(['ann', 'cleo'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Unfriend cleo' }))
  })

  it('goes to the friend before them when they were the last of the list', () => {
    const list = friendsList(['ann', 'ben'])
    unfriend('ben')
    list.showing(['ann'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Unfriend ann' }))
  })

  it('goes to the heading of the list when nobody is left', () => {
    const list = friendsList(['ann'])
    unfriend('ann')
    list.showing([])
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your friends' }))
  })
})
