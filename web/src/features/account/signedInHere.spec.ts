import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { knownUser } from './currentUser'
import { wasSignedInHere } from './signedInHere'
import { forgetSignedInUser } from './useLogout'

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

const maya = { id: 'u1', username: 'maya' }

function sessionAnswers(user: typeof maya | null) {
  // A browser tab, not the installed app (jsdom has no media queries).
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ user })),
  )
}

/** A page's guard asks who is signed in, as on every page. */
async function guardAsks(user: typeof maya | null): Promise<void> {
  sessionAnswers(user)
  await knownUser(new QueryClient())
}

describe('whether a member was signed in in this tab', () => {
  it('is once a guard has found one, not while it finds nobody', async () => {
    await guardAsks(null)
    expect(wasSignedInHere()).toBe(false)
    await guardAsks(maya)
    expect(wasSignedInHere()).toBe(true)
  })

  it('stays so when the session is found over, for the sign-in page to say', async () => {
    await guardAsks(maya)
    await guardAsks(null)
    expect(wasSignedInHere()).toBe(true)
  })

  it('is no longer once the member has logged out here', async () => {
    await guardAsks(maya)
    expect(wasSignedInHere()).toBe(true)
    await forgetSignedInUser(new QueryClient())
    expect(wasSignedInHere()).toBe(false)
  })
})
