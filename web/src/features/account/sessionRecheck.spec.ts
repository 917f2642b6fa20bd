import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/apiError'
import { currentUserKey } from './currentUser'
import { recheckSessionAfter } from './sessionRecheck'

const member = { id: 'u1', username: 'ann', role: 'User' } as PublicUser
const admin = { ...member, role: 'Admin' } as PublicUser

/** Whether the refusal made the app ask who is signed in again (the current user marked stale). */
function asksAgain(shown: PublicUser | null | undefined, error: unknown): boolean {
  const client = new QueryClient()
  if (shown !== undefined) client.setQueryData(currentUserKey, shown)
  recheckSessionAfter(client, error)
  return client.getQueryState(currentUserKey)?.isInvalidated ?? false
}

describe('asking who is signed in again after a refusal', () => {
  it('after a 401 to someone shown signed in: the session ended elsewhere', () => {
    expect(asksAgain(member, new ApiError('You need to sign in first', 401))).toBe(true)
    expect(asksAgain(admin, new ApiError('You need to sign in first', 401))).toBe(true)
  })

  it('after a 403 to someone shown as an admin: the role may have been taken away', () => {
    expect(asksAgain(admin, new ApiError('Admins only', 403))).toBe(true)
  })

  it('not for a member refused something admins do, nobody signed in, or any other failure', () => {
    expect(asksAgain(member, new ApiError('Admins only', 403))).toBe(false)
    expect(asksAgain(null, new ApiError('You need to sign in first', 401))).toBe(false)
    expect(asksAgain(member, new ApiError('Not found', 404))).toBe(false)
    expect(asksAgain(member, new ApiError('Conflict', 409))).toBe(false)
    expect(asksAgain(member, new TypeError('Failed to fetch'))).toBe(false)
  })
})
