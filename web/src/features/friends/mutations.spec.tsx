import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import { ApiError, requestMessages } from '../../lib/apiError'
import * as toasts from '../../lib/toast'
import { setSignedInAs } from '../../lib/signedInAs'
import { notificationsKeys } from '../notifications/queries'
import { stepsDoneStoragePrefix } from '../onboarding/stepsDoneHere'
import { friendsCalls } from './friendsCalls'
import {
  tellNotDone,
  useAcceptFriend,
  useAskFriend,
  useCancelInvitation,
  useDeclineFriend,
  useRemoveFriend,
} from './mutations'

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

describe('Get started', () => {
  it('keeps "Add a friend" done on this device once an accept is taken, for home’s card wherever it is', async () => {
    told()
    setSignedInAs('u1')
    vi.spyOn(friendsCalls, 'accept').mockResolvedValue({})
    const { result } = renderHook(() => useAcceptFriend(), { wrapper })
    await result.current.mutateAsync({ id: 'pair', username: 'cleo' })
    expect(JSON.parse(window.localStorage.getItem(`${stepsDoneStoragePrefix}u1`) ?? '[]')).toEqual(['friends'])
    window.localStorage.clear()
    setSignedInAs(null)
  })
})

describe('a change the server refuses', () => {
  // The other side cancelled, answered or unfriended meanwhile: a profile, which never asks again by
  // itself, kept offering Accept (or Unfriend) that could only fail again, until a reload.
  const refused = () => Promise.reject(new Error('No such friend request.'))
  const changes = [
    ['accepting', () => vi.spyOn(friendsCalls, 'accept').mockImplementation(refused), useAcceptFriend, {}],
    ['declining', () => vi.spyOn(friendsCalls, 'decline').mockImplementation(refused), useDeclineFriend, {}],
    [
      'unfriending',
      () => vi.spyOn(friendsCalls, 'remove').mockImplementation(refused),
      useRemoveFriend,
      { kind: 'unfriend' },
    ],
    ['asking', () => vi.spyOn(friendsCalls, 'ask').mockImplementation(refused), useAskFriend, {}],
  ] as const

  it.each(changes)('asks again where we stand after %s fails', async (_name, refuse, useChange, extra) => {
    told()
    refuse()
    const client = new QueryClient()
    const invalidated = vi.spyOn(client, 'invalidateQueries')
    const { result } = renderHook(() => useChange(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    })
    result.current.mutate({ id: 'pair', username: 'cleo', ...extra } as never)
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['friends'] })
  })
})

describe('the bell after a friendship change', () => {
  it('asks again at once: the answered request has left it, and its count says so', async () => {
    told()
    vi.spyOn(friendsCalls, 'accept').mockResolvedValue({})
    const client = new QueryClient()
    const invalidated = vi.spyOn(client, 'invalidateQueries')
    const { result } = renderHook(() => useAcceptFriend(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    })
    result.current.mutate({ id: 'pair', username: 'cleo' })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(invalidated).toHaveBeenCalledWith({ queryKey: notificationsKeys.list() })
  })
})

// A bad connection: the server cancelled the request, the phone never heard its answer.
describe('a cancel whose answer was lost', () => {
  const lost = () => Promise.reject(new ApiError(requestMessages.network, 0))
  const listed = (outgoing: string[]) =>
    ({
      friends: [],
      incoming: [],
      outgoing: outgoing.map((id) => ({ id, user: { username: 'cleo' }, since: '2026-12-01', inviteCount: 0 })),
      invitations: [],
    }) as unknown as FriendsAnswer

  async function cancel() {
    const said = told()
    const { result } = renderHook(() => useRemoveFriend(), { wrapper })
    result.current.mutate({ id: 'pair', username: 'cleo', kind: 'cancel' })
    await waitFor(() => expect(said).toHaveLength(1))
    return said[0]
  }

  it('says it is cancelled when the list read again no longer has it', async () => {
    vi.spyOn(friendsCalls, 'remove').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed([]))
    expect(await cancel()).toMatchObject({ title: 'Request cancelled' })
  })

  it('says it failed when the list still has it', async () => {
    vi.spyOn(friendsCalls, 'remove').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed(['pair']))
    expect(await cancel()).toMatchObject({ title: "Couldn't cancel the request", description: requestMessages.network })
  })

  it('says it cannot tell, not that it failed, when the list cannot be read either', async () => {
    vi.spyOn(friendsCalls, 'remove').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockImplementation(lost)
    const said = await cancel()
    expect(said).toMatchObject({ title: "Couldn't confirm the request was cancelled" })
    expect(said?.variant).not.toBe('destructive')
  })

  it('says it failed, asking nothing, when the browser was offline as it was sent: it never left', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.spyOn(friendsCalls, 'remove').mockImplementation(lost)
    const list = vi.spyOn(friendsCalls, 'list').mockImplementation(lost)
    expect(await cancel()).toMatchObject({ title: "Couldn't cancel the request", description: requestMessages.network })
    expect(list).not.toHaveBeenCalled()
  })
})

// The same bad connection on an answer to a request, or on taking back an invitation.
describe('an answer or an invitation cancel whose answer was lost', () => {
  const lost = () => Promise.reject(new ApiError(requestMessages.network, 0))
  const item = (id: string) => ({ id, user: { username: 'cleo' }, since: '2026-12-01', inviteCount: 0 })
  const listed = (where: { friends?: string[]; incoming?: string[]; invitations?: string[] }) =>
    ({
      friends: (where.friends ?? []).map(item),
      incoming: (where.incoming ?? []).map(item),
      outgoing: [],
      invitations: (where.invitations ?? []).map((id) => ({
        id,
        email: 'sam@example.com',
        sentAt: '2026-12-01',
        expiresAt: '2026-12-08',
        inviteCount: 1,
      })),
    }) as unknown as FriendsAnswer

  async function run(useChange: () => { mutate: (request: never) => void }, request: object) {
    const said = told()
    const { result } = renderHook(() => useChange(), { wrapper })
    result.current.mutate(request as never)
    await waitFor(() => expect(said).toHaveLength(1))
    return said[0]
  }
  const accept = () => run(useAcceptFriend, { id: 'pair', username: 'cleo' })
  const decline = () => run(useDeclineFriend, { id: 'pair', username: 'cleo' })
  const cancelInvitation = () => run(useCancelInvitation, { id: 'inv', email: 'sam@example.com' })

  it('says the friend is added when the list read again has them as a friend', async () => {
    vi.spyOn(friendsCalls, 'accept').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed({ friends: ['pair'] }))
    expect(await accept()).toMatchObject({ title: 'Friend added', description: 'You and cleo are now friends.' })
  })

  it('says accepting failed when the request is still waiting', async () => {
    vi.spyOn(friendsCalls, 'accept').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed({ incoming: ['pair'] }))
    expect(await accept()).toMatchObject({
      title: "Couldn't accept the request",
      description: requestMessages.network,
    })
  })

  it('says it cannot tell whether it was accepted, not that it failed, when the list cannot be read either', async () => {
    vi.spyOn(friendsCalls, 'accept').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockImplementation(lost)
    const said = await accept()
    expect(said).toMatchObject({ title: "Couldn't confirm the request was accepted" })
    expect(said?.variant).not.toBe('destructive')
  })

  it('says accepting failed, asking nothing, when the browser was offline as it was sent: it never left', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.spyOn(friendsCalls, 'accept').mockImplementation(lost)
    const list = vi.spyOn(friendsCalls, 'list').mockImplementation(lost)
    expect(await accept()).toMatchObject({ title: "Couldn't accept the request" })
    expect(list).not.toHaveBeenCalled()
  })

  it('says nothing failed when the declined request is gone from the list read again', async () => {
    vi.spyOn(friendsCalls, 'decline').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed({}))
    const said = told()
    const { result } = renderHook(() => useDeclineFriend(), { wrapper })
    result.current.mutate({ id: 'pair', username: 'cleo' })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(said).toEqual([])
  })

  it('says declining failed when the request is still waiting', async () => {
    vi.spyOn(friendsCalls, 'decline').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed({ incoming: ['pair'] }))
    expect(await decline()).toMatchObject({ title: "Couldn't decline the request" })
  })

  it('says it cannot tell whether it was declined when the list cannot be read either', async () => {
    vi.spyOn(friendsCalls, 'decline').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockImplementation(lost)
    expect(await decline()).toMatchObject({ title: "Couldn't confirm the request was declined" })
  })

  it('says the invitation is cancelled when the list read again no longer has it', async () => {
    vi.spyOn(friendsCalls, 'cancelInvitation').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed({}))
    expect(await cancelInvitation()).toMatchObject({ title: 'Invitation cancelled' })
  })

  it('says cancelling the invitation failed when the list still has it', async () => {
    vi.spyOn(friendsCalls, 'cancelInvitation').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed({ invitations: ['inv'] }))
    expect(await cancelInvitation()).toMatchObject({ title: "Couldn't cancel the invitation" })
  })

  it('says it cannot tell whether the invitation was cancelled when the list cannot be read either', async () => {
    vi.spyOn(friendsCalls, 'cancelInvitation').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockImplementation(lost)
    expect(await cancelInvitation()).toMatchObject({ title: "Couldn't confirm the invitation was cancelled" })
  })
})

// The same bad connection on a request sent or an invitation mailed: the callers say why it failed.
describe('an ask whose answer was lost', () => {
  const lost = () => Promise.reject(new ApiError(requestMessages.network, 0))
  const pair = (username: string) => ({ id: 'pair', user: { username }, since: '2026-12-01', inviteCount: 1 })
  const listed = (outgoing: string[], invited: string[], friends: string[] = []) =>
    ({
      friends: friends.map(pair),
      incoming: [],
      outgoing: outgoing.map(pair),
      invitations: invited.map((email) => ({
        id: 'inv',
        email,
        sentAt: '2026-12-01',
        expiresAt: '2026-12-08',
        inviteCount: 1,
      })),
    }) as unknown as FriendsAnswer

  async function ask(request: Parameters<ReturnType<typeof useAskFriend>['mutate']>[0]) {
    const said = told()
    const { result } = renderHook(() => useAskFriend(), { wrapper })
    result.current.mutate(request, {
      onError: (error) => tellNotDone(error, { failed: 'failed', unconfirmed: 'unconfirmed' }),
    })
    await waitFor(() => expect(said).toHaveLength(1))
    return said[0]
  }

  it('says the request is sent when the list read again has it waiting for them', async () => {
    vi.spyOn(friendsCalls, 'ask').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed(['Cleo'], []))
    expect(await ask({ username: 'cleo' })).toMatchObject({ title: 'Friend request sent' })
  })

  it('says it failed when the list has no request to them', async () => {
    vi.spyOn(friendsCalls, 'ask').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed([], []))
    expect(await ask({ username: 'cleo' })).toMatchObject({ title: 'failed', variant: 'destructive' })
  })

  it('says the invitation is sent when the list read again has one to the address', async () => {
    vi.spyOn(friendsCalls, 'ask').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed([], ['sam@example.com']))
    expect(await ask({ email: 'sam@example.com' })).toMatchObject({ title: 'Invitation sent' })
  })

  it('says it cannot tell whether a reminder went, the invitation being listed before it too', async () => {
    vi.spyOn(friendsCalls, 'ask').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed([], ['sam@example.com']))
    const said = await ask({ email: 'sam@example.com', resend: true })
    expect(said).toMatchObject({ title: 'unconfirmed' })
    expect(said?.variant).not.toBe('destructive')
  })

  // Cleo had asked me meanwhile: asking her back accepted her request, and the list has her as a friend.
  it('says the friend is added when the list read again has them as a friend', async () => {
    vi.spyOn(friendsCalls, 'ask').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed([], [], ['Cleo']))
    const said = await ask({ username: 'cleo' })
    expect(said).toMatchObject({ title: 'Friend added', description: 'You and Cleo are now friends.' })
  })

  // Inviting the address of a member who had asked me makes us friends and lists no invitation; the
  // list does not say whose address is whose.
  it('says it cannot tell, not that it failed, when the list has no invitation to the address', async () => {
    vi.spyOn(friendsCalls, 'ask').mockImplementation(lost)
    vi.spyOn(friendsCalls, 'list').mockResolvedValue(listed([], [], ['cleo']))
    const said = await ask({ email: 'sam@example.com' })
    expect(said).toMatchObject({
      title: 'unconfirmed',
      description:
        'The connection dropped before Reelmates answered, so it may be done already. Your Friends list shows where things stand.',
    })
    expect(said?.variant).not.toBe('destructive')
  })
})

describe('an ask that accepted their request', () => {
  const accepted = {
    friendship: {
      id: 'pair',
      user: { id: 'u2', username: 'Cleo', avatarUrl: null },
      status: 'accepted',
      direction: 'incoming',
      inviteCount: 1,
    },
  } as const

  it.each([[{ username: 'cleo' }], [{ email: 'cleo@example.com' }]])(
    'says the two are friends, not that a request or a mail went (%o)',
    async (request) => {
      const said = told()
      vi.spyOn(friendsCalls, 'ask').mockResolvedValue(accepted)
      const { result } = renderHook(() => useAskFriend(), { wrapper })
      result.current.mutate(request)
      await waitFor(() => expect(said).toHaveLength(1))
      expect(said[0]).toMatchObject({ title: 'Friend added', description: 'You and Cleo are now friends.' })
    },
  )
})
