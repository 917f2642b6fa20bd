import { beforeEach, describe, expect, it } from 'vitest'
import { catalogSessionCache } from '../catalog/sessionCache'
import { clearLocalAccountState } from './clearLocalState'
import { persistedAuthKey } from './persistedAuth'

beforeEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
})

describe('logout forgets what this device kept (spec §4)', () => {
  it('empties the catalog session cache, the persisted auth state and the avatars, and nothing else', async () => {
    catalogSessionCache.write('trending/movies', { results: [1] }, 60_000)
    window.localStorage.setItem(persistedAuthKey, JSON.stringify({ user: null, isAuthenticated: true, timestamp: 1 }))
    window.localStorage.setItem('reelmates.avatar.me', 'data:')
    window.sessionStorage.setItem('reelmates.avatar.friend', 'data:')
    window.sessionStorage.setItem('unrelated', 'kept')
    expect(catalogSessionCache.read('trending/movies')).toEqual({ results: [1] })

    await clearLocalAccountState()

    expect(catalogSessionCache.read('trending/movies', { allowStale: true })).toBeUndefined()
    expect(Object.keys(window.sessionStorage)).toEqual(['unrelated'])
    expect(Object.keys(window.localStorage)).toEqual([])
  })
})
