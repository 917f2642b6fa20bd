import { friendshipMessages } from '@reelmates/contracts/friendships'
import { describe, expect, it } from 'vitest'
import { firstArrivalOf, invitationToast, signUpInvitationToast } from './invitationOnArrival'

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

describe('a sign-up with an invitation link', () => {
  const friend = (username: string) => ({
    id: `f-${username}`,
    user: { id: `u-${username}`, username, avatarUrl: null },
    since: '2026-11-28T00:00:00.000Z',
    inviteCount: 1,
  })
  const answer = (...usernames: string[]) => ({
    friends: usernames.map(friend),
    incoming: [],
    outgoing: [],
    invitations: [],
  })

  it('says the newcomer and the inviter are friends when the link made them so', () =>
    expect(signUpInvitationToast(answer('ana'), 'ana')).toEqual({
      title: 'Friend added',
      description: 'You and ana are now friends.',
      variant: 'success',
    }))

  it('names the friend the link made, even if the name in the link is not theirs any more', () =>
    expect(signUpInvitationToast(answer('ana_renamed'), 'ana').description).toBe(
      'You and ana_renamed are now friends.',
    ))

  it('says why there is no friend when the link was already used, has expired or was cancelled', () =>
    expect(signUpInvitationToast(answer(), 'ana')).toMatchObject({
      title: "The invitation couldn't be used",
      description:
        "Its link was already used, has expired or was cancelled, so you and ana aren't friends yet. Find them on the Friends page to send a request.",
    }))

  it('names nobody when the inviter was never read from the link', () =>
    expect(signUpInvitationToast(answer(), null).description).toBe(
      "Its link was already used, has expired or was cancelled, so you aren't friends with whoever invited you yet. Find them on the Friends page to send a request.",
    ))
})
