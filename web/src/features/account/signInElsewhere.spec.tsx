import type { PublicUser } from '@reelmates/contracts/account'
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { currentUserKey, setCurrentUser } from './currentUser'
import { followMemberAcrossTabs } from './memberAcrossTabs'
import { useFollowSignInElsewhere } from './signInElsewhere'

const alicia = { id: 'alicia', username: 'alicia', role: 'User' } as PublicUser

/** Who the server says is signed in: the cookie is the browser's, so another tab's sign-in changes it. */
let signedIn: PublicUser | null = null

beforeEach(() => {
  signedIn = null
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ user: signedIn }), { headers: { 'content-type': 'application/json' } }),
    ),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  focusManager.setFocused(undefined)
})

function SignInPage() {
  useFollowSignInElsewhere('/elsewhere')
  return <p>Welcome back</p>
}

/** A tab on the sign-in page, its guard having found nobody signed in a moment ago. */
function signInPageTab() {
  const client = new QueryClient()
  client.setQueryData(currentUserKey, null)
  const channel = { postMessage: vi.fn(), onmessage: null, close: vi.fn() } as unknown as BroadcastChannel
  followMemberAcrossTabs(client, channel)
  const router = routerInMemory()
  render(
    withinRouter(
      router,
      <QueryClientProvider client={client}>
        <SignInPage />
      </QueryClientProvider>,
    ),
  )
  const otherTabSays = (id: string) =>
    act(() =>
      (channel.onmessage as (message: MessageEvent<unknown>) => void)(new MessageEvent('message', { data: id })),
    )
  return { client, router, otherTabSays }
}

describe('a sign-in page while the member signs in in another tab', () => {
  it('goes on at once when the other tab says who signed in', async () => {
    const { router, otherTabSays } = signInPageTab()
    signedIn = alicia
    otherTabSays('alicia')
    await waitFor(() => expect(where(router)).toBe('/elsewhere'))
  })

  it('goes on when the tab comes back to the front, the other tab’s word missed', async () => {
    const { router } = signInPageTab()
    signedIn = alicia
    act(() => focusManager.setFocused(false))
    act(() => focusManager.setFocused(true))
    await waitFor(() => expect(where(router)).toBe('/elsewhere'))
  })

  it('stays while the server still says nobody', async () => {
    const { client, router, otherTabSays } = signInPageTab()
    otherTabSays('alicia')
    await waitFor(() => expect(client.isFetching({ queryKey: currentUserKey })).toBe(0))
    expect(client.getQueryData(currentUserKey)).toBeNull()
    expect(where(router)).toBe('/')
  })

  it('leaves a sign-in made on this page to its own form, which goes where it means to', async () => {
    const { client, router } = signInPageTab()
    act(() => setCurrentUser(client, alicia))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(where(router)).toBe('/')
  })
})
