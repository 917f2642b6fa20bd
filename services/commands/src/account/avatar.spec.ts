import { describe, expect, it } from 'vitest'
import { AccountDeleted, ProfileUpdated, UserRegistered, messages } from '@reelmates/contracts/account'
import { AvatarUploaded, avatarPath } from '@reelmates/contracts/avatars'
import { specFor } from '../testing/givenWhenThen'
import { account, type AccountCommand } from './account'
import { AccountGone, AvatarUrlNotYours } from './errors'

const given = specFor(account)
const userId = 'u-ada'
const at = '2026-11-24T10:00:00.000Z'
const registered = UserRegistered({
  userId,
  username: 'ada',
  email: 'ada@example.com',
  passwordHash: 'hash',
  location: null,
  bio: null,
  invitationToken: null,
  registeredAt: at,
})
const upload = (version: string): AccountCommand => ({
  type: 'UploadAvatar',
  userId,
  image: `bytes-of-${version}`,
  version,
  contentType: 'image/webp',
  at,
})
const uploaded = (version: string) =>
  AvatarUploaded({ userId, image: `bytes-of-${version}`, version, contentType: 'image/webp', uploadedAt: at })

describe('account: avatar upload', () => {
  it('records the uploaded picture', () =>
    given([registered])
      .when(upload('v1'))
      .then([uploaded('v1')]))

  it('makes the uploaded picture the avatar, at its versioned address', () =>
    expect(given([registered, uploaded('v1')]).state().avatarUrl).toBe(avatarPath(userId, 'v1')))

  it('records nothing when the same picture is uploaded again', () =>
    given([registered, uploaded('v1')])
      .when(upload('v1'))
      .thenNothingHappens())

  it('takes a new picture after a linked avatar replaced the upload', () =>
    given([registered, uploaded('v1'), ProfileUpdated({ userId, avatarUrl: 'https://example.com/me.png' })])
      .when(upload('v1'))
      .then([uploaded('v1')]))

  it('lets a linked address or removal replace the upload', () => {
    expect(given([registered, uploaded('v1'), ProfileUpdated({ userId, avatarUrl: null })]).state().avatarUrl).toBe(
      null,
    )
    given([registered, uploaded('v1')])
      .when({ type: 'UpdateProfile', userId, changes: { avatarUrl: null }, currentPassword: 'absent' })
      .then([ProfileUpdated({ userId, avatarUrl: null })])
  })

  it('refuses an upload to a deleted account', () =>
    given([registered, AccountDeleted({ userId, deletedAt: at })])
      .when(upload('v1'))
      .thenThrows(AccountGone))

  it('reads an erased upload (sealed fields as null) as no avatar', () =>
    expect(
      given([
        registered,
        AvatarUploaded({ userId, image: null, version: null, contentType: 'image/webp', uploadedAt: at }),
      ]).state().avatarUrl,
    ).toBe(null))
})

describe("account: another member's uploaded picture", () => {
  const origin = 'https://reelmates.example'
  const linkAvatar = (avatarUrl: string | null): AccountCommand => ({
    type: 'UpdateProfile',
    userId,
    changes: { avatarUrl },
    currentPassword: 'absent',
    appOrigin: origin,
  })

  it.each([
    avatarPath('u-alice', 'v7'),
    '/api/avatars/u-alice',
    '/API/Avatars/u-alice?v=v7',
    '/api/avatars%2Fu-alice?v=v7',
    '/api/%61vatars/u-alice',
    '/api\\avatars\\u-alice',
    '/x/../api/avatars/u-alice',
    `${origin}/api/avatars/u-alice?v=v7`,
    'HTTPS://REELMATES.EXAMPLE:443/api/avatars/u-alice',
    '//reelmates.example/api/avatars/u-alice',
    '  /api/avatars/u-alice  ',
  ])('refuses %s as the avatar', (avatarUrl) =>
    given([registered]).when(linkAvatar(avatarUrl)).thenThrows(AvatarUrlNotYours, messages.avatarUrlOfAnotherMember),
  )

  it('keeps its own upload when a client sends back the avatar it was given', () =>
    given([registered, uploaded('v1')])
      .when(linkAvatar(avatarPath(userId, 'v1')))
      .thenNothingHappens())

  it('refuses an old address of its own upload, which as a link would drop the current picture', () =>
    given([registered, uploaded('v2')])
      .when(linkAvatar(avatarPath(userId, 'v1')))
      .thenThrows(AvatarUrlNotYours, messages.avatarUrlOldUpload))

  it.each([
    `${origin}/api/avatars/${userId}?v=v1`,
    `HTTPS://REELMATES.EXAMPLE/api/avatars/${userId}/?v=v1`,
    `/api/avatars/${userId}`,
  ])('keeps its own upload when sent its current picture as %s', (avatarUrl) =>
    given([registered, uploaded('v1')])
      .when(linkAvatar(avatarUrl))
      .thenNothingHappens(),
  )

  it('refuses an old absolute address of its own upload', () =>
    given([registered, uploaded('v2')])
      .when(linkAvatar(`${origin}/api/avatars/${userId}?v=v1`))
      .thenThrows(AvatarUrlNotYours, messages.avatarUrlOldUpload))

  it('refuses its own id in another case, an address of its picture that never shows it (looked up by the exact id)', () =>
    given([registered, uploaded('v1')])
      .when(linkAvatar('/api/avatars/U-ADA'))
      .thenThrows(AvatarUrlNotYours, messages.avatarUrlOldUpload))

  it('takes a picture linked from elsewhere, even at a path like ours', () =>
    given([registered])
      .when(linkAvatar('https://images.example/api/avatars/u-alice'))
      .then([ProfileUpdated({ userId, avatarUrl: 'https://images.example/api/avatars/u-alice' })]))
})
