import { describe, expect, it } from 'vitest'
import {
  AccountDeleted,
  EmailChanged,
  EmailPreferencesUpdated,
  PasswordChanged,
  PasswordReset,
  PasswordResetRequested,
  UsernameReminderRequested,
  ProfileUpdated,
  SignInLinkIssued,
  SignInLinkUsed,
  UserRegistered,
  UserRestored,
  UserRoleChanged,
  UserSuspended,
} from '@reelmates/contracts/account'
import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { specFor } from '../testing/givenWhenThen'
import { account, type AccountCommand, type ProfileChanges } from './account'
import {
  AccountAlreadyExists,
  AccountGone,
  AccountNotFound,
  AccountSuspended,
  CurrentPasswordIncorrect,
  CurrentPasswordRequired,
  ResetLinkExpired,
  ResetLinkInvalid,
  ResetLinkOutdated,
  ResetLinkSuperseded,
  ResetLinkUsed,
  SignInLinkExpired,
  SignInLinkInvalid,
  SignInLinkRevoked,
  SignInLinkUsed as SignInLinkAlreadyUsed,
} from './errors'

const given = specFor(account)
const userId = '6f1c1a52-3d0e-4a51-9d55-6c1b1f0f7a10'
const at = '2026-11-22T10:00:00.000Z'
const inAnHour = '2026-11-22T11:00:00.000Z'

const registered = UserRegistered({
  userId,
  username: 'ada',
  email: 'ada@example.com',
  passwordHash: 'hash-1',
  location: 'London',
  bio: null,
  invitationToken: null,
  registeredAt: at,
})
const register = (overrides: Partial<Extract<AccountCommand, { type: 'RegisterUser' }>> = {}): AccountCommand => ({
  type: 'RegisterUser',
  userId,
  username: 'ada',
  email: 'ada@example.com',
  passwordHash: 'hash-1',
  location: 'London',
  bio: null,
  invitationToken: null,
  registeredAt: at,
  ...overrides,
})
const update = (
  changes: ProfileChanges,
  extra: Partial<Extract<AccountCommand, { type: 'UpdateProfile' }>> = {},
): AccountCommand => ({
  type: 'UpdateProfile',
  userId,
  changes,
  currentPassword: 'absent',
  ...extra,
})
const deleteAccountWith = (
  check: Pick<Extract<AccountCommand, { type: 'DeleteAccount' }>, 'currentPassword' | 'passwordHashChecked'>,
): AccountCommand => ({ type: 'DeleteAccount', userId, deletedAt: at, ...check })
const deleted = AccountDeleted({ userId, deletedAt: at })
const resetRequested = (tokenHash: string, expiresAt = inAnHour) =>
  PasswordResetRequested({ userId, tokenHash, expiresAt })
const resetPassword = (tokenHash: string, when = at): AccountCommand => ({
  type: 'ResetPassword',
  userId,
  tokenHash,
  passwordHash: 'hash-2',
  at: when,
})
const linkIssued = (tokenHash: string, expiresAt = '2026-11-22T10:15:00.000Z') =>
  SignInLinkIssued({ userId, tokenHash, expiresAt, redirect: '/watchlist', action: null, actionData: null })
const useLink = (tokenHash: string, when = at): AccountCommand => ({
  type: 'UseSignInLink',
  userId,
  tokenHash,
  at: when,
})

describe('account: registration', () => {
  it('registers a new account, trimming its text and keeping empty text as none', () =>
    given([])
      .when(register({ username: ' ada ', location: '  London ', bio: '   ' }))
      .then([registered]))

  it('refuses to register an account twice', () =>
    given([registered]).when(register()).thenThrows(AccountAlreadyExists))

  it('starts every account as a User with the defaults of the spec', () => {
    const state = given([registered]).state()
    expect(state).toMatchObject({
      status: 'active',
      role: 'User',
      digestType: 'weekly',
      receiveCampaignEmails: true,
      pushNotificationsEnabled: false,
      onboardingCompleted: false,
    })
  })

  it('refuses every other command before registration', () =>
    given([])
      .when(update({ bio: 'hi' }))
      .thenThrows(AccountNotFound, 'No account found.'))
})

describe('account: profile', () => {
  it('records only the fields that changed', () =>
    given([registered])
      .when(update({ username: 'ada', location: 'London', bio: 'Loves noir', digestType: 'daily' }))
      .then([ProfileUpdated({ userId, bio: 'Loves noir', digestType: 'daily' })]))

  it('clears a text field given as empty', () =>
    given([registered])
      .when(update({ location: '' }))
      .then([ProfileUpdated({ userId, location: null })]))

  it('does nothing when nothing changed', () =>
    given([registered])
      .when(update({ username: 'ada', location: 'London' }))
      .thenNothingHappens())

  it('renames the account', () =>
    given([registered])
      .when(update({ username: 'ada_l' }))
      .then([ProfileUpdated({ userId, username: 'ada_l' })]))

  it('keeps a push subscription of any shape and ignores the same one again', () => {
    const subscription = { endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } }
    given([registered])
      .when(update({ pushSubscription: subscription, pushNotificationsEnabled: true }))
      .then([ProfileUpdated({ userId, pushSubscription: subscription, pushNotificationsEnabled: true })])
    given([registered, ProfileUpdated({ userId, pushSubscription: subscription })])
      .when(update({ pushSubscription: { ...subscription } }))
      .thenNothingHappens()
  })

  it('sets a new password when the current one was given and correct', () =>
    given([registered])
      .when(update({}, { newPasswordHash: 'hash-2', currentPassword: 'correct', passwordHashChecked: 'hash-1' }))
      .then([PasswordChanged({ userId, passwordHash: 'hash-2' })]))

  it('refuses a password checked against one the account no longer has (changed meanwhile on another device)', () => {
    const changedMeanwhile = PasswordChanged({ userId, passwordHash: 'hash-3' })
    given([registered, changedMeanwhile])
      .when(update({}, { newPasswordHash: 'hash-2', currentPassword: 'correct', passwordHashChecked: 'hash-1' }))
      .thenThrows(CurrentPasswordIncorrect, 'Current password is incorrect')
    given([registered, changedMeanwhile])
      .when(deleteAccountWith({ currentPassword: 'correct', passwordHashChecked: 'hash-1' }))
      .thenThrows(CurrentPasswordIncorrect)
  })

  it('does not take "correct" without the hash it was checked against', () =>
    given([registered])
      .when(update({}, { newPasswordHash: 'hash-2', currentPassword: 'correct' }))
      .thenThrows(CurrentPasswordIncorrect))

  it('refuses a new password without the current one', () =>
    given([registered])
      .when(update({}, { newPasswordHash: 'hash-2' }))
      .thenThrows(CurrentPasswordRequired, 'Current password is required to set new password'))

  it('refuses any change when the current password given is wrong', () =>
    given([registered])
      .when(update({ bio: 'x' }, { newPasswordHash: 'hash-2', currentPassword: 'incorrect' }))
      .thenThrows(CurrentPasswordIncorrect, 'Current password is incorrect'))

  it('changes the email only with the current password', () => {
    given([registered])
      .when(update({ email: 'ada@lovelace.dev' }))
      .thenThrows(CurrentPasswordRequired, 'Current password is required to change your email')
    given([registered])
      .when(
        update({ email: 'ada@lovelace.dev', bio: 'Hi' }, { currentPassword: 'correct', passwordHashChecked: 'hash-1' }),
      )
      .then([
        ProfileUpdated({ userId, bio: 'Hi' }),
        EmailChanged({ userId, email: 'ada@lovelace.dev', previousEmail: 'ada@example.com' }),
      ])
  })

  it('does not ask for the password when the email sent is the same', () =>
    given([registered])
      .when(update({ email: 'ada@example.com', bio: 'Hi' }))
      .then([ProfileUpdated({ userId, bio: 'Hi' })]))

  it('updates email preferences (unsubscribe), once', () => {
    const unsubscribe: AccountCommand = { type: 'UpdateEmailPreferences', userId, receiveCampaignEmails: false }
    given([registered])
      .when(unsubscribe)
      .then([EmailPreferencesUpdated({ userId, receiveCampaignEmails: false })])
    given([registered, EmailPreferencesUpdated({ userId, receiveCampaignEmails: false })])
      .when(unsubscribe)
      .thenNothingHappens()
  })
})

describe('account: role', () => {
  it('makes a user an admin, saying what it was before', () =>
    given([registered])
      .when({ type: 'ChangeRole', userId, role: 'Admin' })
      .then([UserRoleChanged({ userId, role: 'Admin', previousRole: 'User' })]))

  it('does nothing when the role is already the one asked for', () =>
    given([registered, UserRoleChanged({ userId, role: 'Admin', previousRole: 'User' })])
      .when({ type: 'ChangeRole', userId, role: 'Admin' })
      .thenNothingHappens())
})

describe('account: password reset', () => {
  it('records a reset request by the hash of its token', () =>
    given([registered])
      .when({ type: 'RequestPasswordReset', userId, tokenHash: 't1', expiresAt: inAnHour })
      .then([resetRequested('t1')]))

  it('resets the password with a valid token', () =>
    given([registered, resetRequested('t1')])
      .when(resetPassword('t1'))
      .then([PasswordReset({ userId, tokenHash: 't1', passwordHash: 'hash-2' })]))

  it('refuses an unknown token', () =>
    given([registered, resetRequested('t1')])
      .when(resetPassword('t2'))
      .thenThrows(ResetLinkInvalid))

  it('refuses a token used before', () =>
    given([registered, resetRequested('t1'), PasswordReset({ userId, tokenHash: 't1', passwordHash: 'hash-2' })])
      .when(resetPassword('t1'))
      .thenThrows(ResetLinkUsed, 'This reset link has already been used. Please request a new one.'))

  it('refuses an expired token, from the moment it expires', () =>
    given([registered, resetRequested('t1')])
      .when(resetPassword('t1', inAnHour))
      .thenThrows(ResetLinkExpired, 'This reset link has expired. Please request a new one.'))

  it('refuses an older token once a newer one was sent', () =>
    given([registered, resetRequested('t1'), resetRequested('t2')])
      .when(resetPassword('t1'))
      .thenThrows(ResetLinkSuperseded))

  it('sends a suspended account no reset link', () =>
    given([registered, UserSuspended({ userId, suspendedAt: at })])
      .when({ type: 'RequestPasswordReset', userId, tokenHash: 't1', expiresAt: inAnHour, token: 'u.secret' })
      .thenNothingHappens())

  it('refuses a link mailed before the suspension, saying the account is suspended', () =>
    given([registered, resetRequested('t1'), UserSuspended({ userId, suspendedAt: at })])
      .when(resetPassword('t1'))
      .thenThrows(AccountSuspended, suspendedMessage))

  it('tells no one with a link that was never sent that the account is suspended', () =>
    given([registered, resetRequested('t1'), UserSuspended({ userId, suspendedAt: at })])
      .when(resetPassword('t2'))
      .thenThrows(ResetLinkInvalid))

  it('refuses a link mailed before the suspension once the account is restored, saying so', () =>
    given([
      registered,
      resetRequested('t1'),
      UserSuspended({ userId, suspendedAt: at }),
      UserRestored({ userId, restoredAt: at }),
    ])
      .when(resetPassword('t1'))
      .thenThrows(
        ResetLinkOutdated,
        'This reset link was sent before your account was suspended. Please request a new one.',
      ))

  it('takes a link mailed after the account was restored', () =>
    given([
      registered,
      resetRequested('t1'),
      UserSuspended({ userId, suspendedAt: at }),
      UserRestored({ userId, restoredAt: at }),
      resetRequested('t2'),
    ])
      .when(resetPassword('t2'))
      .then([PasswordReset({ userId, tokenHash: 't2', passwordHash: 'hash-2' })]))

  it('refuses a link mailed before the password was changed, saying so', () =>
    given([registered, resetRequested('t1'), PasswordChanged({ userId, passwordHash: 'hash-3' })])
      .when(resetPassword('t1'))
      .thenThrows(
        ResetLinkOutdated,
        'This reset link was sent before your password was last changed. Please request a new one.',
      ))

  it('refuses a link mailed to the address before it was changed, saying so, and takes one asked for after', () => {
    const moved = EmailChanged({ userId, email: 'new@example.com', previousEmail: 'ada@example.com' })
    given([registered, resetRequested('t1'), moved])
      .when(resetPassword('t1'))
      .thenThrows(
        ResetLinkOutdated,
        'This reset link was sent to your previous email address. Please request a new one.',
      )
    given([registered, resetRequested('t1'), moved, resetRequested('t2')])
      .when(resetPassword('t2'))
      .then([PasswordReset({ userId, tokenHash: 't2', passwordHash: 'hash-2' })])
  })

  it('takes a link asked for after the password was changed', () =>
    given([registered, resetRequested('t1'), PasswordChanged({ userId, passwordHash: 'hash-3' }), resetRequested('t2')])
      .when(resetPassword('t2'))
      .then([PasswordReset({ userId, tokenHash: 't2', passwordHash: 'hash-2' })]))

  it('the new password replaces the old one', () => {
    const state = given([
      registered,
      resetRequested('t1'),
      PasswordReset({ userId, tokenHash: 't1', passwordHash: 'hash-2' }),
    ]).state()
    expect(state.passwordHash).toBe('hash-2')
  })
})

describe('account: sign-in links', () => {
  const issue: AccountCommand = {
    type: 'IssueSignInLink',
    userId,
    tokenHash: 'm1',
    expiresAt: '2026-11-22T10:15:00.000Z',
    redirect: '/watchlist',
    action: null,
    actionData: null,
  }
  const suspended = UserSuspended({ userId, suspendedAt: at })

  it('issues a link with its redirect and action', () =>
    given([registered])
      .when(issue)
      .then([linkIssued('m1')]))

  it('issues a suspended account no link', () => given([registered, suspended]).when(issue).thenNothingHappens())

  it('refuses a link issued before the suspension, saying so, and for good once restored', () => {
    given([registered, linkIssued('m1'), suspended])
      .when(useLink('m1'))
      .thenThrows(AccountSuspended, suspendedMessage)
    given([registered, linkIssued('m1'), suspended, UserRestored({ userId, restoredAt: at })])
      .when(useLink('m1'))
      .thenThrows(
        SignInLinkRevoked,
        'This sign-in link stopped working when your account was suspended. Sign in with your password.',
      )
    given([registered, linkIssued('m1'), suspended, UserRestored({ userId, restoredAt: at }), linkIssued('m2')])
      .when(useLink('m2'))
      .then([SignInLinkUsed({ userId, tokenHash: 'm2' })])
  })

  it('tells no one with a link that was never issued that the account is suspended', () =>
    given([registered, linkIssued('m1'), suspended])
      .when(useLink('m2'))
      .thenThrows(SignInLinkInvalid))

  it('signs in once with a link', () =>
    given([registered, linkIssued('m1')])
      .when(useLink('m1'))
      .then([SignInLinkUsed({ userId, tokenHash: 'm1' })]))

  it('refuses a link used before', () =>
    given([registered, linkIssued('m1'), SignInLinkUsed({ userId, tokenHash: 'm1' })])
      .when(useLink('m1'))
      .thenThrows(SignInLinkAlreadyUsed))

  it('refuses an expired link', () =>
    given([registered, linkIssued('m1')])
      .when(useLink('m1', '2026-11-22T10:15:00.001Z'))
      .thenThrows(SignInLinkExpired))

  it('refuses an unknown link', () =>
    given([registered, linkIssued('m1')])
      .when(useLink('m2'))
      .thenThrows(SignInLinkInvalid))

  it('refuses a link not used before the password was changed or reset, and takes one issued after', () => {
    const newPasswords = [
      PasswordChanged({ userId, passwordHash: 'hash-3' }),
      PasswordReset({ userId, tokenHash: 't1', passwordHash: 'hash-3' }),
    ]
    for (const newPassword of newPasswords) {
      given([registered, resetRequested('t1'), linkIssued('m1'), newPassword])
        .when(useLink('m1'))
        .thenThrows(
          SignInLinkRevoked,
          'This sign-in link stopped working when your password was changed. Sign in with your password.',
        )
      given([registered, resetRequested('t1'), linkIssued('m1'), newPassword, linkIssued('m2')])
        .when(useLink('m2'))
        .then([SignInLinkUsed({ userId, tokenHash: 'm2' })])
    }
  })

  it('refuses a link mailed to the address before it was changed, saying so', () =>
    given([
      registered,
      linkIssued('m1'),
      EmailChanged({ userId, email: 'new@example.com', previousEmail: 'ada@example.com' }),
      PasswordChanged({ userId, passwordHash: 'hash-3' }),
    ])
      .when(useLink('m1'))
      .thenThrows(
        SignInLinkRevoked,
        'This sign-in link was sent to your previous email address. Sign in with your password.',
      ))

  it('still says a link used before the password changed was used', () =>
    given([
      registered,
      linkIssued('m1'),
      SignInLinkUsed({ userId, tokenHash: 'm1' }),
      PasswordChanged({ userId, passwordHash: 'hash-3' }),
    ])
      .when(useLink('m1'))
      .thenThrows(SignInLinkAlreadyUsed))

  it('keeps several links valid side by side', () =>
    given([registered, linkIssued('m1'), linkIssued('m2'), SignInLinkUsed({ userId, tokenHash: 'm1' })])
      .when(useLink('m2'))
      .then([SignInLinkUsed({ userId, tokenHash: 'm2' })]))
})

describe('account: deletion', () => {
  const deleteAccount = (currentPassword: 'absent' | 'correct' | 'incorrect'): AccountCommand =>
    deleteAccountWith({ currentPassword, passwordHashChecked: 'hash-1' })

  it('deletes the account with the current password', () =>
    given([registered]).when(deleteAccount('correct')).then([deleted]))

  it('refuses without the current password, or with a wrong one', () => {
    given([registered]).when(deleteAccount('absent')).thenThrows(CurrentPasswordRequired)
    given([registered]).when(deleteAccount('incorrect')).thenThrows(CurrentPasswordIncorrect)
  })

  it('forgets everything it knew about the user', () => {
    const state = given([registered, linkIssued('m1'), resetRequested('t1'), deleted]).state()
    expect(state).toMatchObject({ status: 'deleted', username: null, email: null, passwordHash: null })
    expect(state.signInLinks.size).toBe(0)
  })

  it('refuses every command on a deleted account, registration included', () => {
    given([registered, deleted])
      .when(update({ bio: 'back' }))
      .thenThrows(AccountGone, 'This account has been deleted.')
    given([registered, deleted]).when(useLink('m1')).thenThrows(AccountGone)
    given([registered, deleted]).when(register()).thenThrows(AccountAlreadyExists)
  })

  it('reads the history of an erased account (personal fields as null) without failing', () => {
    const erased = UserRegistered({
      ...registered.data,
      username: null,
      email: null,
      passwordHash: null,
      location: null,
    })
    expect(given([erased, ProfileUpdated({ userId, username: null, bio: null }), deleted]).state().status).toBe(
      'deleted',
    )
  })
})

describe('account: mails', () => {
  it('seals the reset link token into the request, for the scheduler to mail', () =>
    given([registered])
      .when({
        type: 'RequestPasswordReset',
        userId,
        tokenHash: 'h1',
        expiresAt: '2026-11-24T09:00:00Z',
        token: 'u.secret',
      })
      .then([
        PasswordResetRequested({ userId, tokenHash: 'h1', expiresAt: '2026-11-24T09:00:00Z', token: 'u.secret' }),
      ]))

  it('records a username reminder request', () =>
    given([registered])
      .when({ type: 'RequestUsernameReminder', userId, at: '2026-11-24T08:00:00Z' })
      .then([UsernameReminderRequested({ userId, requestedAt: '2026-11-24T08:00:00Z' })]))

  it('sends a suspended account no username reminder', () =>
    given([registered, UserSuspended({ userId, suspendedAt: at })])
      .when({ type: 'RequestUsernameReminder', userId, at: '2026-11-24T08:00:00Z' })
      .thenNothingHappens())
})
