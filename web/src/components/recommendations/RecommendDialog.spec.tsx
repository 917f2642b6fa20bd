import type { FriendshipItem } from '@reelmates/contracts/friendships'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { friendsListQuery } from '../../features/friends/queries'
import { recommendationsQuery } from '../../features/recommendations/queries'
import { RecommendDialog } from './RecommendDialog'

beforeEach(() => {
  // jsdom has no modal dialogs nor media queries: a desktop, whose dialog opens as it would.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true
    },
    close(this: HTMLDialogElement) {
      this.open = false
    },
  })
})
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

function openDialog(friends: FriendshipItem[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(friendsListQuery().queryKey, { friends, incoming: [], outgoing: [], invitations: [] })
  client.setQueryData(recommendationsQuery('sent').queryKey, [])
  render(
    <QueryClientProvider client={client}>
      <RecommendDialog title={{ tmdbId: 289, mediaType: 'movie', title: 'Casablanca' }} onClose={() => undefined} />
    </QueryClientProvider>,
  )
  return screen.getByRole('dialog', { name: 'Casablanca' })
}

describe('searching friends in the Recommend dialog', () => {
  it('keeps the friends whose name holds the search', () => {
    const dialog = openDialog([friend('cleo'), friend('dan')])
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search friends' }), { target: { value: 'cl' } })
    const list = within(dialog).getByRole('list', { name: 'Friends' })
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1)
    expect(within(list).getByRole('checkbox', { name: /cleo/ })).toBeTruthy()
    expect(within(dialog).queryByRole('status')).toBeNull()
  })

  it('says so when no friend matches, instead of an empty list', () => {
    const dialog = openDialog([friend('dan')])
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search friends' }), {
      target: { value: ' cleo ' },
    })
    expect(within(dialog).queryByRole('list', { name: 'Friends' })).toBeNull()
    expect(within(dialog).getByRole('status').textContent).toBe('No friend matches “cleo”.')
  })
})
