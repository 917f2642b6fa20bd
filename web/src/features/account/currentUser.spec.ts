import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserQuery } from './currentUser'

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
