import { describe, expect, it } from 'vitest'
import { AccountDeleted, ProfileUpdated, UserRegistered } from '@reelmates/contracts/account'
import { AvatarUploaded, avatarPath } from '@reelmates/contracts/avatars'
import { specFor } from '../testing/givenWhenThen'
import { account, type AccountCommand } from './account'
import { AccountGone } from './errors'

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
