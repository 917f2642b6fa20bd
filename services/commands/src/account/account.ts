import {
  AccountDeleted,
  EmailChanged,
  EmailPreferencesUpdated,
  PasswordChanged,
  PasswordReset,
  PasswordResetRequested,
  ProfileUpdated,
  SignInLinkIssued,
  SignInLinkUsed,
  UsernameReminderRequested,
  UserRegistered,
  UserRoleChanged,
  UserSuspended,
  UserRestored,
  NewsVisited,
  messages,
  type AccountEvent,
  type DigestType,
  type Role,
} from '@reelmates/contracts/account'
import { AvatarUploaded, avatarPath, uploadedAvatarAt } from '@reelmates/contracts/avatars'
import type { Decider } from '../decider'
import {
  AccountAlreadyExists,
  AccountGone,
  AccountNotFound,
  AccountSuspended,
  AvatarUrlNotYours,
  CurrentPasswordIncorrect,
  CurrentPasswordRequired,
  ResetLinkExpired,
  ResetLinkInvalid,
  ResetLinkOutdated,
  ResetLinkSuperseded,
  ResetLinkUsed,
  SignInLinkExpired,
  SignInLinkRevoked,
  SignInLinkInvalid,
  SignInLinkUsed as SignInLinkAlreadyUsed,
} from './errors'

export const accountStreamId = (userId: string) => `account-${userId}`

/**
 * Hashing passwords and checking them is slow work done by the gateway before it asks; the command
 * carries the outcome, so the rules stay pure. `currentPassword` says whether the user gave their
 * current password and whether it matched.
 */
export type PasswordCheck = 'absent' | 'correct' | 'incorrect'

/**
 * A password found correct against the hash the account had when it was checked. The check is slow
 * and made before the command is decided, so the password may have changed in between (the same
 * member changing it on two devices at once): a check against a hash the account no longer has proves
 * nothing, and without the hash it was made against a "correct" is not taken either.
 */
function passwordCheckNow(
  command: { currentPassword: PasswordCheck; passwordHashChecked?: string | null },
  state: AccountState,
): PasswordCheck {
  if (command.currentPassword !== 'correct') return command.currentPassword
  return command.passwordHashChecked !== undefined && command.passwordHashChecked === state.passwordHash
    ? 'correct'
    : 'incorrect'
}

export interface ProfileChanges {
  username?: string
  email?: string
  location?: string | null
  bio?: string | null
  avatarUrl?: string | null
  digestType?: DigestType
  receiveCampaignEmails?: boolean
  pushNotificationsEnabled?: boolean
  pushSubscription?: unknown
  onboardingCompleted?: boolean
}

export type AccountCommand =
  | {
      type: 'RegisterUser'
      userId: string
      username: string
      email: string
      passwordHash: string
      location: string | null
      bio: string | null
      invitationToken: string | null
      registeredAt: string
    }
  | {
      type: 'UpdateProfile'
      userId: string
      changes: ProfileChanges
      newPasswordHash?: string
      currentPassword: PasswordCheck
      /** The hash `currentPassword` was checked against (`passwordCheckNow`). */
      passwordHashChecked?: string | null
      /** This app's origin (PUBLIC_URL): an absolute address there is one of ours. */
      appOrigin?: string
    }
  | { type: 'ChangeRole'; userId: string; role: Role }
  /** `token` is the link's secret, sealed in the event for the scheduler to mail. */
  | { type: 'RequestPasswordReset'; userId: string; tokenHash: string; expiresAt: string; token?: string }
  | { type: 'RequestUsernameReminder'; userId: string; at: string }
  | { type: 'ResetPassword'; userId: string; tokenHash: string; passwordHash: string; at: string }
  | {
      type: 'IssueSignInLink'
      userId: string
      tokenHash: string
      expiresAt: string
      redirect: string | null
      action: string | null
      actionData: unknown
      token?: string
    }
  | { type: 'UseSignInLink'; userId: string; tokenHash: string; at: string }
  | { type: 'UpdateEmailPreferences'; userId: string; receiveCampaignEmails: boolean }
  | {
      type: 'DeleteAccount'
      userId: string
      currentPassword: PasswordCheck
      /** The hash `currentPassword` was checked against (`passwordCheckNow`). */
      passwordHashChecked?: string | null
      deletedAt: string
    }
  /** An admin deletes the account: no password, the admin is the command's actor. */
  | { type: 'DeleteAccountAsAdmin'; userId: string; deletedAt: string }
  | { type: 'SuspendSignIn'; userId: string; at: string }
  | { type: 'RestoreSignIn'; userId: string; at: string }
  | { type: 'RecordNewsVisit'; userId: string; at: string }
  /** A picture the gateway has already resized and re-encoded; `version` is a digest of `image`. */
  | { type: 'UploadAvatar'; userId: string; image: string; version: string; contentType: string; at: string }

export interface SignInLink {
  expiresAt: string
  redirect: string | null
  action: string | null
  actionData: unknown
  used: boolean
  /** Not used before the password or the address changed: it no longer signs in. */
  revokedBy: LinkEnd | null
}

/**
 * What ended the mailed links not yet used. A new password ends them as it signs out every other
 * session; a new address ends them because they went to the old mailbox, which may be the reason
 * for the change; a suspension ends them for good, so that a link mailed before it does not sign
 * anyone in once the account is restored (the suspension may have been for a stolen mailbox).
 */
export type LinkEnd = 'password' | 'email' | 'suspension'

export interface AccountState {
  status: 'none' | 'active' | 'deleted'
  username: string | null
  email: string | null
  passwordHash: string | null
  role: Role
  location: string | null
  bio: string | null
  avatarUrl: string | null
  digestType: DigestType
  receiveCampaignEmails: boolean
  pushNotificationsEnabled: boolean
  pushSubscription: unknown
  onboardingCompleted: boolean
  /** Reset links by token hash; only `latestResetToken` may be used. */
  resetTokens: ReadonlyMap<string, { expiresAt: string; used: boolean; outdatedBy: LinkEnd | null }>
  latestResetToken: string | null
  signInLinks: ReadonlyMap<string, SignInLink>
  suspended: boolean
}

const initialState = (): AccountState => ({
  status: 'none',
  username: null,
  email: null,
  passwordHash: null,
  role: 'User',
  location: null,
  bio: null,
  avatarUrl: null,
  digestType: 'weekly',
  receiveCampaignEmails: true,
  pushNotificationsEnabled: false,
  pushSubscription: null,
  onboardingCompleted: false,
  resetTokens: new Map(),
  latestResetToken: null,
  signInLinks: new Map(),
  suspended: false,
})

/** Optional text: trimmed, and empty means "none". */
const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...state,
        status: 'active',
        username: event.data.username,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
        location: event.data.location,
        bio: event.data.bio,
      }
    case 'ProfileUpdated': {
      const { userId: _userId, ...changes } = event.data
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
      return { ...state, ...defined }
    }
    case 'EmailChanged':
      return { ...endMailedLinks(state, 'email'), email: event.data.email }
    case 'PasswordChanged':
      return { ...endMailedLinks(state, 'password'), passwordHash: event.data.passwordHash }
    case 'EmailPreferencesUpdated':
      return { ...state, receiveCampaignEmails: event.data.receiveCampaignEmails }
    case 'UserRoleChanged':
      return { ...state, role: event.data.role }
    case 'PasswordResetRequested':
      return {
        ...state,
        resetTokens: new Map(state.resetTokens).set(event.data.tokenHash, {
          expiresAt: event.data.expiresAt,
          used: false,
          outdatedBy: null,
        }),
        latestResetToken: event.data.tokenHash,
      }
    case 'PasswordReset': {
      const after = endMailedLinks(state, 'password')
      const reset = state.resetTokens.get(event.data.tokenHash)
      const resetTokens = new Map(after.resetTokens)
      if (reset) resetTokens.set(event.data.tokenHash, { ...reset, used: true })
      return { ...after, passwordHash: event.data.passwordHash, resetTokens }
    }
    case 'SignInLinkIssued': {
      const { tokenHash, expiresAt, redirect, action, actionData } = event.data
      return {
        ...state,
        signInLinks: new Map(state.signInLinks).set(tokenHash, {
          expiresAt,
          redirect,
          action,
          actionData,
          used: false,
          revokedBy: null,
        }),
      }
    }
    case 'UsernameReminderRequested':
      return state
    case 'SignInLinkUsed': {
      const link = state.signInLinks.get(event.data.tokenHash)
      if (!link) return state
      return { ...state, signInLinks: new Map(state.signInLinks).set(event.data.tokenHash, { ...link, used: true }) }
    }
    case 'AccountDeleted':
      return { ...initialState(), status: 'deleted' }
    case 'UserSuspended':
      return { ...endMailedLinks(state, 'suspension'), suspended: true }
    case 'UserRestored':
      return { ...state, suspended: false }
    case 'NewsVisited':
      return state
    case 'AvatarUploaded':
      // An uploaded picture is the avatar until another is uploaded, linked or removed.
      return { ...state, avatarUrl: event.data.version ? avatarPath(event.data.userId, event.data.version) : null }
  }
}

/**
 * A new password (changed or reset) or a new address ends every way in mailed before it: reset links
 * and sign-in links not yet used stop working. They went to the account's mailbox, and a mailbox read
 * by someone else, or given up, is a reason for either change. A link already ended keeps its first
 * reason.
 */
function endMailedLinks(state: AccountState, by: LinkEnd): AccountState {
  const resetTokens = new Map(
    [...state.resetTokens].map(([hash, reset]) => [
      hash,
      { ...reset, outdatedBy: reset.used ? null : (reset.outdatedBy ?? by) },
    ]),
  )
  const signInLinks = new Map(
    [...state.signInLinks].map(([hash, link]) => [
      hash,
      { ...link, revokedBy: link.used ? null : (link.revokedBy ?? by) },
    ]),
  )
  return { ...state, resetTokens, signInLinks }
}

function requireActive(state: AccountState): void {
  if (state.status === 'none') throw new AccountNotFound()
  if (state.status === 'deleted') throw new AccountGone()
}

/** An optional event field, present only when it has a value (events from before it stay equal). */
const ifPresent = <K extends string>(key: K, value: string | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, string>>

const isPast = (expiresAt: string, at: string) => Date.parse(expiresAt) <= Date.parse(at)

/** The profile fields of a command that differ from the account as it is. */
function changedProfile(state: AccountState, changes: ProfileChanges) {
  const changed: Omit<ProfileChanges, 'email'> = {}
  if (changes.username !== undefined && changes.username.trim() !== state.username)
    changed.username = changes.username.trim()
  for (const field of ['location', 'bio', 'avatarUrl'] as const) {
    if (changes[field] === undefined) continue
    const value = text(changes[field])
    if (value !== state[field]) changed[field] = value
  }
  for (const field of [
    'digestType',
    'receiveCampaignEmails',
    'pushNotificationsEnabled',
    'onboardingCompleted',
  ] as const) {
    if (changes[field] !== undefined && changes[field] !== state[field])
      Object.assign(changed, { [field]: changes[field] })
  }
  if (
    changes.pushSubscription !== undefined &&
    JSON.stringify(changes.pushSubscription) !== JSON.stringify(state.pushSubscription)
  ) {
    changed.pushSubscription = changes.pushSubscription
  }
  return changed
}

/**
 * The Avatar URL field holds a linked address. An uploaded picture's address is taken only as the
 * account's own current one, however spelled (a client sending back the user it was given, or the
 * absolute address "Copy image address" gives): that is no change, so the avatar to compare is the
 * stored one. Any other would show another member's face as this member's, or, being a link, drop this
 * member's upload. Pictures are looked up by the exact id, so this member's id in another case is an
 * address of their picture that never shows it: refused as an old one is, not stored as a link that
 * the profile form would call their upload.
 */
function linkedAvatarUrl(
  avatarUrl: string | null | undefined,
  state: AccountState,
  userId: string,
  appOrigin: string | undefined,
): string | null | undefined {
  if (typeof avatarUrl !== 'string') return avatarUrl
  const pasted = uploadedAvatarAt(avatarUrl, appOrigin)
  if (pasted === null) return avatarUrl
  const current = state.avatarUrl === null ? null : uploadedAvatarAt(state.avatarUrl)
  if (pasted.owner === userId && current?.owner === userId && (pasted.version ?? current.version) === current.version)
    return state.avatarUrl
  if (pasted.owner.toLowerCase() === userId.toLowerCase()) throw new AvatarUrlNotYours(messages.avatarUrlOldUpload)
  throw new AvatarUrlNotYours(messages.avatarUrlOfAnotherMember)
}

/**
 * Throws why the reset link of `tokenHash` would set no password at `at`. Asked by the reset itself,
 * and by the reset page as it opens, so a dead link says so before anyone types a new password twice.
 */
export function refuseResetLink(state: AccountState, tokenHash: string, at: string): void {
  const reset = state.resetTokens.get(tokenHash)
  if (!reset) throw new ResetLinkInvalid()
  // A link mailed before the suspension sets no password. Saying why tells nothing to a stranger:
  // only whoever holds a link the account was really sent gets this far.
  if (state.suspended) throw new AccountSuspended()
  if (reset.used) throw new ResetLinkUsed()
  if (reset.outdatedBy) throw new ResetLinkOutdated(reset.outdatedBy)
  if (state.latestResetToken !== tokenHash) throw new ResetLinkSuperseded()
  if (isPast(reset.expiresAt, at)) throw new ResetLinkExpired()
}

function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  const { userId } = command
  if (command.type === 'RegisterUser') {
    if (state.status !== 'none') throw new AccountAlreadyExists()
    return [
      UserRegistered({
        userId,
        username: command.username.trim(),
        email: command.email.trim(),
        passwordHash: command.passwordHash,
        location: text(command.location),
        bio: text(command.bio),
        invitationToken: command.invitationToken,
        registeredAt: command.registeredAt,
      }),
    ]
  }
  requireActive(state)

  switch (command.type) {
    case 'UpdateProfile': {
      const currentPassword = passwordCheckNow(command, state)
      if (currentPassword === 'incorrect') throw new CurrentPasswordIncorrect()
      const newEmail = command.changes.email?.trim()
      const emailChanges = newEmail !== undefined && newEmail !== state.email
      // A changed password or email hands the account to whoever holds them: both need the current password.
      if (command.newPasswordHash !== undefined && currentPassword !== 'correct') throw new CurrentPasswordRequired()
      if (emailChanges && currentPassword !== 'correct') {
        throw new CurrentPasswordRequired(messages.currentPasswordForEmail)
      }
      const avatarUrl = linkedAvatarUrl(command.changes.avatarUrl, state, userId, command.appOrigin)
      const events: AccountEvent[] = []
      const profile = changedProfile(state, { ...command.changes, avatarUrl })
      if (Object.keys(profile).length > 0) events.push(ProfileUpdated({ userId, ...profile }))
      if (emailChanges)
        events.push(EmailChanged({ userId, email: newEmail, ...ifPresent('previousEmail', state.email) }))
      if (command.newPasswordHash !== undefined)
        events.push(PasswordChanged({ userId, passwordHash: command.newPasswordHash }))
      return events
    }
    case 'ChangeRole':
      return command.role === state.role
        ? []
        : [UserRoleChanged({ userId, role: command.role, previousRole: state.role })]
    case 'RequestPasswordReset': {
      // A suspended account is sent no link: a new password would not let it sign in. The request is
      // answered like any other all the same (the gateway answers before it looks), so nobody learns it.
      if (state.suspended) return []
      const { tokenHash, expiresAt, token } = command
      return [PasswordResetRequested({ userId, tokenHash, expiresAt, ...ifPresent('token', token) })]
    }
    case 'RequestUsernameReminder':
      // As a reset link: a username does not let a suspended account sign in, and the answer is the same.
      return state.suspended ? [] : [UsernameReminderRequested({ userId, requestedAt: command.at })]
    case 'ResetPassword':
      refuseResetLink(state, command.tokenHash, command.at)
      return [PasswordReset({ userId, tokenHash: command.tokenHash, passwordHash: command.passwordHash })]
    case 'IssueSignInLink': {
      // A link would sign a suspended account in: it is issued none (and its mail is never sent).
      if (state.suspended) return []
      const { tokenHash, expiresAt, redirect, action, actionData, token } = command
      return [
        SignInLinkIssued({ userId, tokenHash, expiresAt, redirect, action, actionData, ...ifPresent('token', token) }),
      ]
    }
    case 'UseSignInLink': {
      const link = state.signInLinks.get(command.tokenHash)
      if (!link) throw new SignInLinkInvalid()
      // Refused before it is spent: a link issued before the suspension works again once restored.
      if (state.suspended) throw new AccountSuspended()
      if (link.used) throw new SignInLinkAlreadyUsed()
      if (link.revokedBy) throw new SignInLinkRevoked(link.revokedBy)
      if (isPast(link.expiresAt, command.at)) throw new SignInLinkExpired()
      return [SignInLinkUsed({ userId, tokenHash: command.tokenHash })]
    }
    case 'UpdateEmailPreferences':
      return command.receiveCampaignEmails === state.receiveCampaignEmails
        ? []
        : [EmailPreferencesUpdated({ userId, receiveCampaignEmails: command.receiveCampaignEmails })]
    case 'DeleteAccount': {
      const currentPassword = passwordCheckNow(command, state)
      if (currentPassword === 'absent')
        throw new CurrentPasswordRequired('Current password is required to delete your account')
      if (currentPassword === 'incorrect') throw new CurrentPasswordIncorrect()
      return [AccountDeleted({ userId, deletedAt: command.deletedAt })]
    }
    case 'DeleteAccountAsAdmin':
      return [AccountDeleted({ userId, deletedAt: command.deletedAt })]
    case 'SuspendSignIn':
      return state.suspended ? [] : [UserSuspended({ userId, suspendedAt: command.at })]
    case 'RestoreSignIn':
      return state.suspended ? [UserRestored({ userId, restoredAt: command.at })] : []
    case 'RecordNewsVisit':
      return [NewsVisited({ userId, visitedAt: command.at })]
    case 'UploadAvatar': {
      const { image, version, contentType, at } = command
      if (state.avatarUrl === avatarPath(userId, version)) return []
      return [AvatarUploaded({ userId, image, version, contentType, uploadedAt: at })]
    }
  }
}

/** A user's account: registration, profile, credentials, recovery and sign-in links, role, deletion. */
export const account: Decider<AccountCommand, AccountEvent, AccountState> = { initialState, evolve, decide }
