import type { PublicUser } from '@reelmates/contracts/account'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearPersistedAuth,
  persistedAuthKey,
  persistedAuthLifetimeMs,
  readPersistedAuth,
  writePersistedAuth,
} from './persistedAuth'

const user = { id: 'u1', username: 'maya', role: 'User' } as PublicUser

beforeEach(() => window.localStorage.clear())

describe('the installed app’s persisted auth state (spec §3, §9)', () => {
  it('keeps user, isAuthenticated and timestamp', () => {
    writePersistedAuth(window.localStorage, user, 1000)
    expect(JSON.parse(window.localStorage.getItem(persistedAuthKey) ?? '')).toEqual({
      user,
      isAuthenticated: true,
      timestamp: 1000,
    })
    expect(readPersistedAuth(window.localStorage, 2000)).toEqual({ user, isAuthenticated: true, timestamp: 1000 })
  })

  it('forgets it after 24 hours', () => {
    writePersistedAuth(window.localStorage, user, 0)
    expect(readPersistedAuth(window.localStorage, persistedAuthLifetimeMs)).toBeDefined()
    expect(readPersistedAuth(window.localStorage, persistedAuthLifetimeMs + 1)).toBeUndefined()
    expect(window.localStorage.getItem(persistedAuthKey)).toBeNull()
  })

  it('remembers a signed-out state too, and can be cleared', () => {
    writePersistedAuth(window.localStorage, null, 5)
    expect(readPersistedAuth(window.localStorage, 6)).toEqual({ user: null, isAuthenticated: false, timestamp: 5 })
    clearPersistedAuth(window.localStorage)
    expect(readPersistedAuth(window.localStorage, 6)).toBeUndefined()
  })

  it('ignores a damaged entry', () => {
    window.localStorage.setItem(persistedAuthKey, '{broken')
    expect(readPersistedAuth(window.localStorage)).toBeUndefined()
  })
})
