import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lastKnownUser } from '../offline/offlineSession'
import { currentUserQuery, knownUser, SessionUnknown } from './currentUser'

vi.mock('../offline/offlineSession', async (original) => ({
  ...(await original<typeof import('../offline/offlineSession')>()),
  lastKnownUser: vi.fn(() => undefined),
}))

function displayMode(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: standalone && query.includes('standalone'),
    media: query,
  }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  window.localStorage.clear()
})

describe('the current-user query (spec §4, §9)', () => {
  it('is fresh for 5 minutes in the installed app', () => {
    displayMode(true)
    expect(currentUserQuery().staleTime).toBe(5 * 60 * 1000)
  })

  it('is re-checked every time in a browser tab', () => {
    displayMode(false)
    expect(currentUserQuery().staleTime).toBe(0)
    expect(currentUserQuery().initialData).toBeUndefined()
  })

  it('starts from the persisted auth state in the installed app', () => {
    displayMode(true)
    const user = { id: 'u1', username: 'maya' }
    window.localStorage.setItem(
      'reelmates.auth',
      JSON.stringify({ user, isAuthenticated: true, timestamp: Date.now() }),
    )
    const options = currentUserQuery()
    expect(options.initialData).toEqual(user)
    expect(typeof options.initialDataUpdatedAt).toBe('number')
  })
})

describe('asking who is signed in', () => {
  function serverAnswers(body: unknown) {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    )
    vi.stubGlobal('fetch', fetch)
    return fetch
  }
  const ask = () => new QueryClient().query(currentUserQuery())

  it('asks GET /api/session, whose "nobody" is a 200 a browser does not log as a failure', async () => {
    displayMode(false)
    const fetch = serverAnswers({ user: null })
    expect(await ask()).toBeNull()
    expect(fetch).toHaveBeenCalledOnce()
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toMatch(/^\/api\/session\?_ts=\d+$/)
  })

  it('answers the user the session has', async () => {
    displayMode(false)
    serverAnswers({ user: { id: 'u1', username: 'maya' } })
    expect(await ask()).toEqual({ id: 'u1', username: 'maya' })
  })
})

describe('a screen drawn right after its guard asked', () => {
  it('takes the answer the guard just got, and asks again once it is older than two seconds', async () => {
    displayMode(false)
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] })
    try {
      const fetch = vi.fn(
        async () =>
          new Response(JSON.stringify({ user: { id: 'u1', username: 'maya' } }), {
            headers: { 'content-type': 'application/json' },
          }),
      )
      vi.stubGlobal('fetch', fetch)
      const client = new QueryClient()
      await client.query({ ...currentUserQuery(), staleTime: 'static' })
      const mount = async () => {
        const observer = new QueryObserver(client, currentUserQuery())
        const stop = observer.subscribe(() => undefined)
        await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false))
        stop()
      }
      await mount()
      expect(fetch).toHaveBeenCalledOnce()
      vi.setSystemTime(1_000_000 + 2_000)
      await mount()
      expect(fetch).toHaveBeenCalledTimes(2)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('who the guards say is signed in (spec §4: only a 401 means nobody)', () => {
  // Only what the guards look at.
  const maya = { id: 'u1', username: 'maya' } as PublicUser
  function sessionFails(status: number) {
    displayMode(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: `Failed with ${status}` }, { status })),
    )
  }
  function sessionUnanswered() {
    displayMode(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
  }
  const guardAsks = () => knownUser(new QueryClient())

  it('is nobody after a 401', async () => {
    sessionFails(401)
    expect(await guardAsks()).toBeNull()
  })

  it('is unknown, not nobody, when the server fails: the member is not signed out', async () => {
    sessionFails(500)
    const failure = await guardAsks().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SessionUnknown)
    expect((failure as SessionUnknown).unreachable).toBe(false)
  })

  it('is the last member known on this device when the server cannot be reached', async () => {
    vi.mocked(lastKnownUser).mockReturnValueOnce({ user: maya, savedAt: Date.now() })
    sessionUnanswered()
    expect(await guardAsks()).toEqual(maya)
  })

  it('is unknown when the server cannot be reached and this device knows nobody', async () => {
    sessionUnanswered()
    const failure = await guardAsks().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SessionUnknown)
    expect((failure as SessionUnknown).unreachable).toBe(true)
  })
})
