import { describe, expect, it } from 'vitest'
import { invitationParams } from '@reelmates/contracts/friendships'
import { invitationIdFor } from './invitations'

describe("the id of an inviter's invitation to an address", () => {
  it('is the same however the address is typed, and a UUID the routes take', () => {
    const id = invitationIdFor('user-1', 'Dora@Example.org', 0)
    expect(invitationIdFor('user-1', '  dora@example.org ', 0)).toBe(id)
    expect(invitationParams.safeParse({ id }).success).toBe(true)
  })

  it('differs for another inviter, another address, or the next invitation after one was closed', () => {
    const id = invitationIdFor('user-1', 'dora@example.org', 0)
    expect(invitationIdFor('user-2', 'dora@example.org', 0)).not.toBe(id)
    expect(invitationIdFor('user-1', 'dora@example.com', 0)).not.toBe(id)
    expect(invitationIdFor('user-1', 'dora@example.org', 1)).not.toBe(id)
  })
})
