import { friendshipMessages } from '@reelmates/contracts/friendships'
import { describe, expect, it } from 'vitest'
import { firstArrivalOf, invitationToast } from './invitationOnArrival'

describe('an invitation accepted on arrival', () => {
  it("says the server's message when accepted", () =>
    expect(invitationToast({ message: 'You and ana are now friends.' })).toEqual({
      title: 'Friend added',
      description: 'You and ana are now friends.',
      variant: 'success',
    }))

  it('says "Already friends" for an accepted request', () =>
    expect(invitationToast({ error: friendshipMessages.alreadyAccepted })).toMatchObject({
      title: 'Already friends',
    }))

  it("says the server's refusal", () =>
    expect(invitationToast({ error: friendshipMessages.expiredToken })).toEqual({
      title: "Couldn't accept the invitation",
      description: friendshipMessages.expiredToken,
      variant: 'destructive',
    }))

  it('sends a token once per page load', () => {
    expect(firstArrivalOf('i-1.secret')).toBe(true)
    expect(firstArrivalOf('i-1.secret')).toBe(false)
    expect(firstArrivalOf('i-2.secret')).toBe(true)
  })
})
