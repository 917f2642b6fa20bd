import { messages } from '@reelmates/contracts/account'
import { describe, expect, it } from 'vitest'
import {
  emailNeedsCurrentPassword,
  hasSavedRequest,
  hasUnsavedChanges,
  planProfileUpdate,
  profileFormValues,
} from './profileForm'
import { member } from './testing'

const user = member({ username: 'maya', location: 'Lisbon', createdAt: '2026-11-22T10:00:00.000Z' })
const unchanged = profileFormValues(user)

describe('the profile form (spec §5)', () => {
  it('sends only what changed; an emptied text clears it', () => {
    const plan = planProfileUpdate(user, {
      ...unchanged,
      location: ' ',
      bio: ' Films on Sundays ',
      digestType: 'daily',
    })
    expect(plan).toEqual({
      ok: true,
      changed: true,
      request: { location: null, bio: 'Films on Sundays', digestType: 'daily' },
    })
    expect(planProfileUpdate(user, unchanged)).toEqual({ ok: true, changed: false, request: {} })
  })

  it('a new password needs the current one, with the spec message', () => {
    expect(planProfileUpdate(user, { ...unchanged, newPassword: 'brand-new' })).toEqual({
      ok: false,
      errors: { currentPassword: messages.currentPasswordRequired },
    })
    expect(planProfileUpdate(user, { ...unchanged, newPassword: 'brand-new', currentPassword: 'old-secret' })).toEqual({
      ok: true,
      changed: true,
      request: { newPassword: 'brand-new', currentPassword: 'old-secret' },
    })
  })

  it('applies the limits of username, email, location, bio and passwords', () => {
    const plan = planProfileUpdate(user, {
      ...unchanged,
      username: 'ab',
      email: 'not-an-address',
      location: 'x'.repeat(101),
      bio: 'x'.repeat(501),
      currentPassword: '123',
      newPassword: '123',
    })
    expect(plan).toEqual({
      ok: false,
      errors: {
        username: 'Username must be at least 3 characters',
        email: 'Please enter a valid email address',
        location: 'Location must be at most 100 characters',
        bio: 'Bio must be at most 500 characters',
        currentPassword: 'Password must be at least 6 characters',
        newPassword: 'Password must be at least 6 characters',
      },
    })
    expect(planProfileUpdate(user, { ...unchanged, username: 'x'.repeat(51) })).toMatchObject({
      errors: { username: 'Username must be at most 50 characters' },
    })
  })

  it('a new email asks for the current password before calling the server', () => {
    expect(planProfileUpdate(user, { ...unchanged, email: 'new@example.com' })).toEqual({
      ok: false,
      errors: { currentPassword: emailNeedsCurrentPassword },
    })
  })
})

describe('the avatar address field', () => {
  const uploaded = { ...user, avatarUrl: '/api/avatars/u1?v=abc' }

  it('stays empty for an uploaded picture, and saving other changes leaves the picture alone', () => {
    const values = profileFormValues(uploaded)
    expect(values.avatarUrl).toBe('')
    const plan = planProfileUpdate(uploaded, { ...values, bio: 'New bio' })
    expect(plan).toEqual({ ok: true, changed: true, request: { bio: 'New bio' } })
  })

  it('replaces the uploaded picture with a typed address', () => {
    const plan = planProfileUpdate(uploaded, { ...profileFormValues(uploaded), avatarUrl: 'https://example.com/a.png' })
    expect(plan).toMatchObject({ ok: true, request: { avatarUrl: 'https://example.com/a.png' } })
  })
})

describe('unsaved changes', () => {
  it('are what a save would change, or a password typed', () => {
    expect(hasUnsavedChanges(user, unchanged)).toBe(false)
    expect(hasUnsavedChanges(user, { ...unchanged, location: 'Porto' })).toBe(true)
    expect(hasUnsavedChanges(user, { ...unchanged, receiveCampaignEmails: false })).toBe(true)
    expect(hasUnsavedChanges(user, { ...unchanged, currentPassword: 'old-secret' })).toBe(true)
    expect(hasUnsavedChanges(user, { ...unchanged, newPassword: ' ' })).toBe(true)
  })

  it('are not spaces around a text, which a save would not send', () => {
    expect(hasUnsavedChanges(user, { ...unchanged, location: ' Lisbon ', bio: ' ' })).toBe(false)
  })
})

describe('a save read back after its answer was lost', () => {
  it('is confirmed when the user read again has every change asked for', () => {
    expect(hasSavedRequest({ ...user, location: 'Porto', bio: null }, { location: 'Porto', bio: null })).toBe(true)
    expect(hasSavedRequest(user, { location: 'Porto' })).toBe(false)
  })

  it('is never confirmed with a new password, which the user does not show', () => {
    expect(hasSavedRequest(user, { currentPassword: 'old-secret', newPassword: 'new-secret' })).toBe(false)
  })
})
