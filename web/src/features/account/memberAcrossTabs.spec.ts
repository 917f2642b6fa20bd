import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { currentUserKey } from './currentUser'
import { followMemberAcrossTabs } from './memberAcrossTabs'

const member = (id: string) => ({ id, username: id, role: 'User' }) as PublicUser
const watchlistKey = ['/api/watchlist']

function tab(signedIn: PublicUser | null) {
  const client = new QueryClient()
  client.setQueryData(currentUserKey, signedIn)
  client.setQueryData(watchlistKey, { items: [`${signedIn?.id ?? 'nobody'}'s film`] })
  const postMessage = vi.fn()
  const channel = { postMessage, onmessage: null, close: vi.fn() } as unknown as BroadcastChannel
  followMemberAcrossTabs(client, channel)
  return { client, channel, postMessage }
}

describe('the member a tab shows, across tabs', () => {
  it('tells the other tabs when another member is signed in here, and drops the first one’s answers', () => {
    const { client, postMessage } = tab(member('alice'))
    client.setQueryData(currentUserKey, member('bob'))
    expect(postMessage).toHaveBeenCalledWith('bob')
    expect(client.getQueryData(watchlistKey)).toBeUndefined()
    expect(client.getQueryData(currentUserKey)).toEqual(member('bob'))
  })

  it('drops the first one’s answers when another member follows a spell of nobody (a session ended elsewhere)', () => {
    const { client } = tab(member('alice'))
    client.setQueryData(currentUserKey, null)
    client.setQueryData(currentUserKey, member('bob'))
    expect(client.getQueryData(watchlistKey)).toBeUndefined()
  })

  it('keeps them for the same member signed in again after a spell of nobody', () => {
    const { client } = tab(member('alice'))
    client.setQueryData(currentUserKey, null)
    client.setQueryData(currentUserKey, member('alice'))
    expect(client.getQueryData(watchlistKey)).toEqual({ items: ["alice's film"] })
  })

  it('says nothing and keeps its answers while the same member is asked about again', () => {
    const { client, postMessage } = tab(member('alice'))
    client.setQueryData(currentUserKey, { ...member('alice'), username: 'alice_renamed' })
    expect(postMessage).not.toHaveBeenCalled()
    expect(client.getQueryData(watchlistKey)).toEqual({ items: ["alice's film"] })
  })

  it('asks the server who is signed in when another tab names someone else, not when it names the same member', () => {
    const { client, channel } = tab(member('alice'))
    const onmessage = channel.onmessage as (message: MessageEvent<unknown>) => void
    onmessage(new MessageEvent('message', { data: 'alice' }))
    // Signed out there: this tab finds out on its next request, and a form being written keeps its words.
    onmessage(new MessageEvent('message', { data: null }))
    expect(client.getQueryState(currentUserKey)?.isInvalidated).toBe(false)
    onmessage(new MessageEvent('message', { data: 'bob' }))
    expect(client.getQueryState(currentUserKey)?.isInvalidated).toBe(true)
  })
})
