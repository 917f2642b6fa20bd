import { describe, expect, it } from 'vitest'
import {
  AccountDeleted,
  EmailChanged,
  EmailPreferencesUpdated,
  PasswordChanged,
  ProfileUpdated,
  UserRegistered,
  UserRoleChanged,
} from '@reelmates/contracts/account'
import { DigestSent } from '@reelmates/contracts/digests'
import { projectorHarness } from '../testing/projectorHarness'
import { users } from './users'

const registered = (userId: string, username: string, email = `${username}@example.com`) =>
  UserRegistered({
    userId,
    username,
    email,
    passwordHash: 'scrypt$secret',
    location: 'Lisbon',
    bio: null,
    invitationToken: null,
    registeredAt: '2026-11-20T20:00:00.000Z',
  })

describe('users', () => {
  it('writes the user with the defaults of the spec and no password', async () => {
    const h = await projectorHarness(users)
    await h.given(registered('u1', 'Ada'))
    expect(await h.docs('users')).toEqual([
      {
        _id: 'u1',
        id: 'u1',
        username: 'Ada',
        usernameKey: 'ada',
        searchKey: 'ada',
        email: 'Ada@example.com',
        emailKey: 'ada@example.com',
        location: 'Lisbon',
        bio: null,
        avatarUrl: null,
        createdAt: '2026-11-20T20:00:00.000Z',
        digestType: 'weekly',
        onboardingCompleted: false,
        receiveCampaignEmails: true,
        pushNotificationsEnabled: false,
        pushSubscription: null,
        role: 'User',
        lastActivityVisit: null,
        lastNewsVisit: null,
        suspended: false,
      },
    ])
  })

  it('applies the fields a profile update changed, and keeps the others', async () => {
    const h = await projectorHarness(users)
    await h.given(
      registered('u1', 'ada'),
      ProfileUpdated({ userId: 'u1', username: 'Lovelace', bio: 'Noir', location: null, digestType: 'daily' }),
    )
    expect(await h.docs('users')).toEqual([
      expect.objectContaining({
        username: 'Lovelace',
        usernameKey: 'lovelace',
        searchKey: 'lovelace',
        bio: 'Noir',
        location: null,
        digestType: 'daily',
        role: 'User',
      }),
    ])
  })

  it('follows email, preferences and role changes, and ignores password changes', async () => {
    const h = await projectorHarness(users)
    await h.given(
      registered('u1', 'ada'),
      EmailChanged({ userId: 'u1', email: 'ADA@lovelace.dev' }),
      EmailPreferencesUpdated({ userId: 'u1', receiveCampaignEmails: false }),
      UserRoleChanged({ userId: 'u1', role: 'Admin', previousRole: 'User' }),
      PasswordChanged({ userId: 'u1', passwordHash: 'scrypt$other' }),
    )
    const [doc] = await h.docs('users')
    expect(doc).toMatchObject({
      email: 'ADA@lovelace.dev',
      emailKey: 'ada@lovelace.dev',
      receiveCampaignEmails: false,
      role: 'Admin',
    })
    expect(JSON.stringify(doc)).not.toContain('scrypt')
  })

  it('sets lastDigestSent to the end of the period the last digest covered', async () => {
    const h = await projectorHarness(users)
    const sent = (until: string) =>
      DigestSent({
        userId: 'u1',
        digestType: 'daily',
        period: `daily:${until.slice(0, 10)}`,
        from: '2026-11-21T08:00:00.000Z',
        until,
        sentAt: until,
        streaming: [],
      })
    await h.given(registered('u1', 'ada'), sent('2026-11-22T08:00:00.000Z'), sent('2026-11-23T08:05:00.000Z'))
    const [doc] = await h.docs('users')
    expect(doc).toMatchObject({ lastDigestSent: '2026-11-23T08:05:00.000Z' })
  })

  it('finds users by their look-up keys', async () => {
    const h = await projectorHarness(users)
    await h.given(registered('u1', 'ada'), registered('u2', 'Grace'))
    expect(await h.docs('users', { usernameKey: 'grace' })).toEqual([expect.objectContaining({ id: 'u2' })])
  })

  it('removes a deleted account and only that one', async () => {
    const h = await projectorHarness(users)
    await h.given(
      registered('u1', 'ada'),
      registered('u2', 'grace'),
      AccountDeleted({ userId: 'u1', deletedAt: '2026-11-21T00:00:00.000Z' }),
    )
    expect((await h.docs('users')).map((d) => d.id)).toEqual(['u2'])
  })

  it('never writes an erased account when rebuilding', async () => {
    const h = await projectorHarness(users)
    const recorded = (
      await h.given(
        UserRegistered({
          ...registered('u1', 'x').data,
          username: null,
          email: null,
          passwordHash: null,
          location: null,
        }),
      )
    )[0]
    if (!recorded) throw new Error('the harness recorded nothing')
    const erasedUpdate = {
      ...recorded,
      type: 'ProfileUpdated',
      data: { userId: 'u1', username: null, bio: null },
      metadata: { ...recorded.metadata, personalDataErased: true },
    }
    await users.project(erasedUpdate, h.db)
    await h.given(UserRoleChanged({ userId: 'u1', role: 'Admin', previousRole: 'User' }))
    expect(await h.docs('users')).toEqual([])
  })
})
