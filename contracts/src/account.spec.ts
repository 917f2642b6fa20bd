import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  emailPreferencesRequest,
  profileUpdateRequest,
  publicUser,
  registerRequest,
  resetPasswordRequest,
  signInRequest,
} from './account'
import { publicProfileParams } from './profiles'

/** The first message zod gives for each field, the way the gateway reports validationErrors. */
function problems(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value)
  if (result.success) return {}
  const found: Record<string, string> = {}
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message
  return found
}

describe('account requests (spec §5)', () => {
  it('sign-in: username at least 3, password at least 6', () => {
    expect(problems(signInRequest, { username: 'ab', password: '12345' })).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    })
    expect(problems(signInRequest, { username: 'ada', password: '123456' })).toEqual({})
  })

  it('sign-up: a valid email; location and bio optional', () => {
    expect(problems(registerRequest, { username: 'ada', email: 'ada@', password: 'secret1' })).toEqual({
      email: 'Please enter a valid email address',
    })
    expect(registerRequest.parse({ username: ' ada ', email: ' ada@example.com ', password: 'secret1' })).toEqual({
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret1',
    })
  })

  it('a chosen username does not mix Latin, Greek and Cyrillic letters; an existing one is still looked up', () => {
    const mixed = 'b\u043eb' // "bоb" with a Cyrillic о
    const refused = { username: 'Username cannot mix Latin, Greek and Cyrillic letters, which can look alike' }
    expect(problems(registerRequest, { username: mixed, email: 'b@example.com', password: 'secret1' })).toEqual(refused)
    expect(problems(profileUpdateRequest, { username: 'Ζeus' })).toEqual(refused) // a Greek Zeta
    for (const oneAlphabet of ['bob', '\u0431\u043e\u0431', 'Ζευς', 'ada_2', 'tanaka太郎', 'bob-\u65e5\u672c', 'zoë'])
      expect(problems(registerRequest, { username: oneAlphabet, email: 'b@example.com', password: 'secret1' })).toEqual(
        {},
      )
    expect(publicProfileParams.safeParse({ username: mixed }).success).toBe(true)
  })

  it('a username may be written in any alphabet, marks and all, composed as typed or not', () => {
    const register = (name: string) =>
      registerRequest.safeParse({ username: name, email: 'b@example.com', password: 'secret1' })
    // Devanagari and Thai vowel signs are marks, not letters; "ine\u0301s" is "inés" typed apart.
    for (const name of ['राम', 'अनुज', 'สมศักดิ์', 'ine\u0301s.m', 'José']) expect(register(name).success).toBe(true)
    const composed = register('ine\u0301s.m')
    expect(composed.success && composed.data.username).toBe('in\u00e9s.m')
    // A mark needs a letter to sit on, and four on one letter are a tower, not a name.
    const characters = { username: 'Username can only contain letters, numbers, dots, dashes and underscores' }
    expect(problems(registerRequest, { username: '\u0301abc', email: 'b@example.com', password: 'secret1' })).toEqual(
      characters,
    )
    expect(
      problems(registerRequest, {
        username: 'ab\u0300\u0301\u0302\u0303c',
        email: 'b@example.com',
        password: 'secret1',
      }),
    ).toEqual(characters)
    // Counted as drawn: "a" with four marks composes to "à" with three, still four on the letter; marks
    // on a dot or a digit; characters drawn as nothing, which would pass for "bobby".
    for (const name of [
      'xa\u0300\u0301\u0302\u0303',
      'ann.\u0338',
      '1\u20dd23',
      'bobby\ufe0f',
      'bo\u034fbby',
      'b\u{e0100}obby',
      '\u3164\u3164\u3164',
    ])
      expect(problems(registerRequest, { username: name, email: 'b@example.com', password: 'secret1' })).toEqual(
        characters,
      )
  })

  it('looks up a name held from before composing, however long composing would make it', () => {
    // Devanagari's precomposed nukta letters decompose under NFC: 30 of them are 60 code units.
    expect(publicProfileParams.safeParse({ username: '\u0958'.repeat(30) }).success).toBe(true)
  })

  it('a chosen username has a letter or a number in it', () => {
    expect(problems(registerRequest, { username: '...', email: 'b@example.com', password: 'secret1' })).toEqual({
      username: 'Username must have a letter or a number in it',
    })
    expect(problems(profileUpdateRequest, { username: '-_-' })).toEqual({
      username: 'Username must have a letter or a number in it',
    })
    expect(problems(registerRequest, { username: '.a.', email: 'b@example.com', password: 'secret1' })).toEqual({})
    // A name held from before the rule is still looked up.
    expect(publicProfileParams.safeParse({ username: '...' }).success).toBe(true)
  })

  it('reset: both passwords at least 6 and equal, the mismatch shown on the confirm field', () => {
    expect(problems(resetPasswordRequest, { token: 't', newPassword: 'secret1', confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    })
    expect(problems(resetPasswordRequest, { token: 't', newPassword: '123', confirmPassword: '123' })).toMatchObject({
      newPassword: 'Password must be at least 6 characters',
    })
  })

  it('profile: a new password requires the current one', () => {
    expect(problems(profileUpdateRequest, { newPassword: 'secret12' })).toEqual({
      currentPassword: 'Current password is required to set new password',
    })
    expect(problems(profileUpdateRequest, { newPassword: 'secret12', currentPassword: 'secret1' })).toEqual({})
  })

  it('profile: limits of username, location and bio, and a push subscription of any shape', () => {
    expect(
      problems(profileUpdateRequest, { username: 'x'.repeat(51), location: 'x'.repeat(101), bio: 'x'.repeat(501) }),
    ).toEqual({
      username: 'Username must be at most 50 characters',
      location: 'Location must be at most 100 characters',
      bio: 'Bio must be at most 500 characters',
    })
    expect(problems(profileUpdateRequest, { pushSubscription: ['any', { shape: 1 }] })).toEqual({})
  })

  it('avatar: an uploaded picture and other addresses, but none of the app’s own calls', () => {
    for (const avatarUrl of ['/api/avatars/u1?v=abc', '/icons/avatar.png', 'https://pics.example/a.png', ''])
      expect(problems(profileUpdateRequest, { avatarUrl }), avatarUrl).toEqual({})
    for (const avatarUrl of ['/api/feed', '/api/avatars/../auth/magic-link?token=x', '/api\\user', '/api'])
      expect(problems(profileUpdateRequest, { avatarUrl }), avatarUrl).toEqual({
        avatarUrl: "Avatar URL must be a picture's address, not one of the app's own calls",
      })
  })

  it('unsubscribe: the email must contain an at-sign', () => {
    expect(problems(emailPreferencesRequest, { email: '', receiveCampaignEmails: false })).toEqual({
      email: 'Please enter a valid email address',
    })
  })
})

describe('the public user', () => {
  it('drops what is not public', () => {
    const shown = publicUser.parse({
      id: 'u1',
      username: 'ada',
      email: 'ada@example.com',
      location: null,
      bio: null,
      avatarUrl: null,
      createdAt: '2026-11-22T10:00:00.000Z',
      digestType: 'weekly',
      onboardingCompleted: false,
      receiveCampaignEmails: true,
      pushNotificationsEnabled: false,
      role: 'User',
      lastActivityVisit: null,
      lastNewsVisit: null,
      passwordHash: 'scrypt$x',
      pushSubscription: { keys: { auth: 'secret' } },
      usernameKey: 'ada',
    })
    expect(Object.keys(shown)).not.toContain('passwordHash')
    expect(Object.keys(shown)).not.toContain('pushSubscription')
    expect(Object.keys(shown)).not.toContain('usernameKey')
  })
})
