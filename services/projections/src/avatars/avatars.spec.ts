import { describe, expect, it } from 'vitest'
import { AccountDeleted, ProfileUpdated } from '@reelmates/contracts/account'
import { AvatarUploaded, avatarPath } from '@reelmates/contracts/avatars'
import { projectorHarness } from '../testing/projectorHarness'
import { users } from '../users/users'
import { userQueries } from '../users/userQueries'
import { avatarQueries } from './avatarQueries'
import { avatars } from './avatars'

const at = '2026-11-24T10:00:00.000Z'
const uploaded = (userId: string, version: string, image = Buffer.from(`png of ${version}`).toString('base64')) =>
  AvatarUploaded({ userId, image, version, contentType: 'image/webp', uploadedAt: at })

describe('avatars', () => {
  it('keeps the latest uploaded picture of each member', async () => {
    const h = await projectorHarness(avatars)
    await h.given(uploaded('u1', 'v1'), uploaded('u2', 'w1'), uploaded('u1', 'v2'))
    const ofAda = await avatarQueries(h.db).ofMember('u1')
    expect(ofAda?.version).toBe('v2')
    expect(ofAda?.image.toString()).toBe('png of v2')
    expect((await h.docs('avatars')).map((doc) => doc._id)).toEqual(['u1', 'u2'])
  })

  it('drops the picture when an address is linked instead, or the avatar removed', async () => {
    const h = await projectorHarness(avatars)
    await h.given(
      uploaded('u1', 'v1'),
      uploaded('u2', 'w1'),
      ProfileUpdated({ userId: 'u1', avatarUrl: 'https://example.com/me.png' }),
      ProfileUpdated({ userId: 'u2', avatarUrl: null }),
    )
    expect(await h.docs('avatars')).toEqual([])
  })

  it('keeps the picture through profile changes that do not touch the avatar', async () => {
    const h = await projectorHarness(avatars)
    await h.given(uploaded('u1', 'v1'), ProfileUpdated({ userId: 'u1', bio: 'Films' }))
    expect(await avatarQueries(h.db).ofMember('u1')).not.toBeNull()
  })

  it('erases the picture with the account', async () => {
    const h = await projectorHarness(avatars)
    await h.given(uploaded('u1', 'v1'), uploaded('u2', 'w1'), AccountDeleted({ userId: 'u1', deletedAt: at }))
    expect((await h.docs('avatars')).map((doc) => doc._id)).toEqual(['u2'])
  })

  it('skips an erased upload on a rebuild (its picture reads back as null)', async () => {
    const h = await projectorHarness(avatars)
    await h.given(
      AvatarUploaded({ userId: 'u1', image: null, version: null, contentType: 'image/webp', uploadedAt: at }),
    )
    expect(await h.docs('avatars')).toEqual([])
  })

  it('changes nothing when an older upload comes again', async () => {
    const h = await projectorHarness(avatars)
    const recorded = await h.given(uploaded('u1', 'v1'), uploaded('u1', 'v2'))
    await h.redeliver(recorded[0]!)
    expect((await avatarQueries(h.db).ofMember('u1'))?.version).toBe('v2')
  })
})

describe('users: an uploaded avatar', () => {
  it('points the member card at the served picture', async () => {
    const h = await projectorHarness(users)
    await h.given(
      {
        type: 'UserRegistered',
        data: {
          userId: 'u1',
          username: 'ada',
          email: 'ada@example.com',
          passwordHash: 'x',
          location: null,
          bio: null,
          invitationToken: null,
          registeredAt: at,
        },
      },
      uploaded('u1', 'v1'),
    )
    const cards = await userQueries(h.db).cards(['u1'])
    expect(cards.get('u1')?.avatarUrl).toBe(avatarPath('u1', 'v1'))
  })
})
