import type { FriendsAnswer, FriendshipItem, InvitationItem } from '@reelmates/contracts/friendships'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { friendsCalls } from '../../features/friends/friendsCalls'
import { friendsKeys } from '../../features/friends/queries'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { FriendsGrid, friendsFilterFrom } from './FriendsGrid'
import { FriendsScreen } from './FriendsScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
}))

beforeAll(imitateModalDialogs)
// The changes are sent and never answered: the spec shows the lists as their refetch would.
neverAnsweringServer()

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

describe('finding someone among my friends on /friends', () => {
  const pals = (count: number) => Array.from({ length: count }, (_, index) => `pal${index}`)
  const filterBox = () => screen.queryByRole('searchbox', { name: 'Find among your friends' })
  const shownNames = () =>
    within(screen.getByRole('region', { name: /Your friends/ }))
      .queryAllByRole('listitem')
      .map((row) => row.querySelector('a')?.textContent)

  it('has no filter while the list is short enough to read at a glance', () => {
    friendsList(pals(friendsFilterFrom - 1))
    expect(filterBox()).toBeNull()
  })

  it('shows the friends whose name contains what is typed, in any case, and says how many of all', () => {
    friendsList(pals(60))
    const box = filterBox()
    if (!box) throw new Error('60 friends should have a filter')
    fireEvent.change(box, { target: { value: ' AL5 ' } })
    expect(shownNames()).toEqual([
      'pal5',
      'pal50',
      'pal51',
      'pal52',
      'pal53',
      'pal54',
      'pal55',
      'pal56',
      'pal57',
      'pal58',
      'pal59',
    ])
    expect(screen.getByRole('heading', { name: /Your friends/ }).textContent).toBe('Your friends, 11 of 60')
  })

  it('says so when no friend’s name contains it, and shows everyone again once it is cleared', () => {
    friendsList(pals(60))
    const box = filterBox()
    if (!box) throw new Error('60 friends should have a filter')
    fireEvent.change(box, { target: { value: 'zed' } })
    expect(shownNames()).toEqual([])
    expect(screen.getByText("No friend's name contains “zed”.")).toBeTruthy()
    fireEvent.change(box, { target: { value: '' } })
    expect(shownNames()).toHaveLength(60)
    expect(screen.getByRole('heading', { name: /Your friends/ }).textContent).toBe('Your friends, 60')
  })

  it('ignores accents on either side, as finding people does', () => {
    friendsList([...pals(10), 'Émile', 'zoë', 'Ølaf', 'ßtefan', 'Cæsar'])
    const box = filterBox()
    if (!box) throw new Error('15 friends should have a filter')
    const typing = (value: string) => {
      fireEvent.change(box, { target: { value } })
      return shownNames()
    }
    expect(typing('emile')).toEqual(['Émile'])
    expect(typing('ZOE')).toEqual(['zoë'])
    expect(typing('olaf')).toEqual(['Ølaf'])
    expect(typing('sstef')).toEqual(['ßtefan'])
    expect(typing('caes')).toEqual(['Cæsar'])
    expect(typing('ÉMI')).toEqual(['Émile'])
  })
})

const invitation = (email: string): InvitationItem => ({
  id: `invite-${email}`,
  email,
  sentAt: '2026-11-01T00:00:00.000Z',
  expiresAt: '2026-12-01T00:00:00.000Z',
  inviteCount: 1,
})

/** /friends as its list answers `lists`; `showing` is the answer of a refetch (the changes are never answered). */
function friendsScreen(lists: Partial<FriendsAnswer>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const answer = (changed: Partial<FriendsAnswer>): FriendsAnswer => ({
    friends: [],
    incoming: [],
    outgoing: [],
    invitations: [],
    ...changed,
  })
  client.setQueryData(friendsKeys.list(), answer(lists))
  render(
    <QueryClientProvider client={client}>
      <FriendsScreen myId="id-me" />
    </QueryClientProvider>,
  )
  return {
    // The query tells its screen on a timer of its own: the answer shows once that has run.
    showing: (changed: Partial<FriendsAnswer>) =>
      act(async () => {
        client.setQueryData(friendsKeys.list(), answer(changed))
        await new Promise((resolve) => setTimeout(resolve, 0))
      }),
  }
}

/** Presses a request's button from the keyboard. */
function press(name: string) {
  const button = screen.getByRole('button', { name })
  button.focus()
  fireEvent.click(button)
}

describe('the keyboard after answering a friend request on /friends', () => {
  it('goes to the same answer of the request that takes its place once its row has gone', async () => {
    const page = friendsScreen({ incoming: ['ann', 'ben', 'cleo'].map(friend) })
    press("Decline ben's friend request")
    await page.showing({ incoming: ['ann', 'cleo'].map(friend) })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "Decline cleo's friend request" }))
  })

  it('goes to the request before when it was the last of the list', async () => {
    const page = friendsScreen({ incoming: ['ann', 'ben'].map(friend) })
    press("Accept ben's friend request")
    await page.showing({ incoming: ['ann'].map(friend), friends: ['ben'].map(friend) })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "Accept ann's friend request" }))
  })

  it('goes to the heading of the friends, where an accepted one now is, when no request is left', async () => {
    const page = friendsScreen({ incoming: ['ann'].map(friend) })
    press("Accept ann's friend request")
    await page.showing({ friends: ['ann'].map(friend) })
    expect(screen.queryByRole('heading', { name: /Friend requests/ })).toBeNull()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /Your friends/ }))
  })
})

describe('the keyboard after cancelling a friend request on /friends', () => {
  it('goes to the Cancel of the request that takes its place once its row has gone', async () => {
    const page = friendsScreen({ outgoing: ['ann', 'ben', 'cleo'].map(friend) })
    press('Cancel your friend request to ben')
    await page.showing({ outgoing: ['ann', 'cleo'].map(friend) })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel your friend request to cleo' }))
  })

  it('goes to the Resend of the invitation that takes its place once its row has gone', async () => {
    const sam = invitation('sam@example.com')
    const page = friendsScreen({ outgoing: ['ann', 'ben'].map(friend), invitations: [sam] })
    press('Cancel your friend request to ben')
    await page.showing({ outgoing: ['ann'].map(friend), invitations: [sam] })
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Resend the invitation to sam@example.com' }),
    )
  })

  it('goes to the request before when it was the last of the list', async () => {
    const page = friendsScreen({ outgoing: ['ann', 'ben'].map(friend) })
    press('Cancel your friend request to ben')
    await page.showing({ outgoing: ['ann'].map(friend) })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel your friend request to ann' }))
  })

  it('goes to the heading of the list when nothing is left waiting', async () => {
    const page = friendsScreen({ outgoing: ['ann'].map(friend) })
    press('Cancel your friend request to ann')
    await page.showing({})
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Waiting for an answer' }))
  })
})

describe('cancelling an invitation on /friends', () => {
  it('takes it back by its id', async () => {
    const cancel = vi.spyOn(friendsCalls, 'cancelInvitation')
    friendsScreen({ invitations: [invitation('sam@example.com')] })
    press('Cancel the invitation to sam@example.com')
    await vi.waitFor(() => expect(cancel).toHaveBeenCalledWith('invite-sam@example.com'))
    cancel.mockRestore()
  })

  it('puts the keyboard on the Cancel of the invitation that takes its place once its row has gone', async () => {
    const [sam, tia] = [invitation('sam@example.com'), invitation('tia@example.com')]
    const page = friendsScreen({ invitations: [sam, tia] })
    press('Cancel the invitation to sam@example.com')
    await page.showing({ invitations: [tia] })
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Cancel the invitation to tia@example.com' }),
    )
  })

  it('puts the keyboard on the heading of the list when nothing is left waiting', async () => {
    const page = friendsScreen({ invitations: [invitation('sam@example.com')] })
    press('Cancel the invitation to sam@example.com')
    await page.showing({})
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Waiting for an answer' }))
  })
})

describe('the keyboard after asking someone found by name on /friends', () => {
  it('goes to the "Requested" that replaces their "Add friend", not to its Cancel, while the friends list is still being asked again', async () => {
    const zoe = (friendship: 'none' | 'outgoing') => ({
      users: [{ id: 'id-zoe', username: 'zoe', avatarUrl: null, friendship }],
      more: false,
    })
    vi.spyOn(friendsCalls, 'searchUsers').mockResolvedValueOnce(zoe('none')).mockResolvedValue(zoe('outgoing'))
    // Answered; the refetch of the friends list that follows never is, so the request stays under way.
    const ask = vi.spyOn(friendsCalls, 'ask').mockResolvedValue({ message: 'Sent' } as never)
    friendsScreen({})
    fireEvent.change(screen.getByRole('searchbox', { name: 'Username' }), { target: { value: 'zo' } })
    const add = await screen.findByRole('button', { name: 'Add friend zoe' })
    add.focus()
    await act(async () => fireEvent.click(add))
    // A second Enter on Cancel would take the request straight back.
    const cancel = await screen.findByRole('button', { name: 'Cancel your friend request to zoe' })
    expect(ask).toHaveBeenCalledWith({ username: 'zoe' })
    expect(document.activeElement).not.toBe(cancel)
    expect(document.activeElement).toBe(screen.getByText('Requested'))
  })
})

describe('the keyboard after answering or cancelling a request to someone found by name on /friends', () => {
  /** Zoe found by name, first as `before`, then, on every search after, as `after`. */
  async function findZoe(before: 'incoming' | 'outgoing', after: 'none') {
    const zoe = (friendship: 'none' | 'incoming' | 'outgoing') => ({
      users: [{ id: 'id-zoe', username: 'zoe', avatarUrl: null, friendship }],
      more: false,
    })
    vi.spyOn(friendsCalls, 'searchUsers').mockResolvedValueOnce(zoe(before)).mockResolvedValue(zoe(after))
    friendsScreen({})
    fireEvent.change(screen.getByRole('searchbox', { name: 'Username' }), { target: { value: 'zo' } })
    return within(await screen.findByRole('list', { name: 'People found' }))
  }

  it.each([
    ['incoming', 'decline', "Decline zoe's friend request", 'Declined'],
    ['outgoing', 'remove', 'Cancel your friend request to zoe', 'Cancelled'],
  ] as const)(
    'from %s, goes to the word that says it was done, not to the "Add friend" that a second Enter would press',
    async (before, call, pressed, word) => {
      const change = vi.spyOn(friendsCalls, call).mockResolvedValue({ position: '1' })
      const found = await findZoe(before, 'none')
      const button = found.getByRole('button', { name: pressed })
      button.focus()
      await act(async () => fireEvent.click(button))
      await found.findByRole('button', { name: 'Add friend zoe' })
      expect(change).toHaveBeenCalledWith('id-me_id-zoe')
      expect(document.activeElement).toBe(found.getByText(word))
      expect(document.activeElement?.closest('button')).toBeNull()
    },
  )
})

describe('finding people on /friends', () => {
  const pals = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      id: `id-pal${index}`,
      username: `pal${index}`,
      avatarUrl: null,
      friendship: 'none' as const,
    }))
  const search = async (text: string) => {
    fireEvent.change(screen.getByRole('searchbox', { name: 'Username' }), { target: { value: text } })
    return within(await screen.findByRole('list', { name: 'People found' }))
  }

  it('says when more members match than are shown, and how to narrow them', async () => {
    vi.spyOn(friendsCalls, 'searchUsers').mockResolvedValue({ users: pals(10), more: true })
    friendsScreen({})
    expect((await search('pal')).getAllByRole('listitem')).toHaveLength(10)
    expect(screen.getByText('Showing the first 10 matches — type more of the name to narrow them.')).toBeTruthy()
  })

  it('says nothing more when every match is shown', async () => {
    vi.spyOn(friendsCalls, 'searchUsers').mockResolvedValue({ users: pals(10), more: false })
    friendsScreen({})
    expect((await search('pal')).getAllByRole('listitem')).toHaveLength(10)
    expect(screen.queryByText(/Showing the first/)).toBeNull()
  })

  it('tells a screen reader how many were found, as the list comes', async () => {
    vi.spyOn(friendsCalls, 'searchUsers').mockResolvedValue({ users: pals(3), more: false })
    friendsScreen({})
    const found = await search('pal')
    const said = found.getAllByRole('listitem')[0]?.closest('section')?.querySelector('[aria-live="polite"]')
    expect(said?.textContent).toBe('3 people found for “pal”')
  })
})

describe('the order of /friends', () => {
  it('puts its parts in the DOM, the keyboard’s order, as a phone shows them: finding people, then the requests to answer', () => {
    friendsScreen({
      incoming: ['ann'].map(friend),
      friends: ['ben'].map(friend),
      outgoing: ['cleo'].map(friend),
    })
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Find people',
      'Friend requests, 1',
      'Your friends, 1',
      'Invite by email',
      'Waiting for an answer, 1',
    ])
  })
})
