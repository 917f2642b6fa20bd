import {
  messages,
  profileUpdateRequest,
  type DigestType,
  type ProfileUpdateRequest,
  type PublicUser,
} from '@reelmates/contracts/account'
import { isUploadedAvatar } from '@reelmates/contracts/avatars'
import { fieldErrorsOf, type FieldErrors } from './fieldErrors'

/** What the profile form holds: every editable field as the inputs show it. */
export interface ProfileFormValues {
  username: string
  email: string
  location: string
  bio: string
  avatarUrl: string
  digestType: DigestType
  receiveCampaignEmails: boolean
  pushNotificationsEnabled: boolean
  currentPassword: string
  newPassword: string
}

export const emailNeedsCurrentPassword = messages.currentPasswordForEmail

export type ProfileField = keyof ProfileFormValues

export function profileFormValues(user: PublicUser): ProfileFormValues {
  return {
    username: user.username,
    email: user.email,
    location: user.location ?? '',
    bio: user.bio ?? '',
    // An uploaded picture is managed beside the avatar, not typed: the field holds only a linked address.
    avatarUrl: isUploadedAvatar(user.avatarUrl) ? '' : (user.avatarUrl ?? ''),
    digestType: user.digestType,
    receiveCampaignEmails: user.receiveCampaignEmails,
    pushNotificationsEnabled: user.pushNotificationsEnabled,
    currentPassword: '',
    newPassword: '',
  }
}

const passwordFields: readonly ProfileField[] = ['currentPassword', 'newPassword']

/**
 * Whether leaving the form would lose something: a field that a save would change (spaces around a
 * text are no change, as in `planProfileUpdate`), or a password typed and not yet saved.
 */
export function hasUnsavedChanges(user: PublicUser, values: ProfileFormValues): boolean {
  const saved = profileFormValues(user)
  return (Object.keys(saved) as ProfileField[]).some((field) => {
    const value = values[field]
    // Spaces are part of a password: one typed there is something typed.
    const compared = typeof value === 'string' && !passwordFields.includes(field) ? value.trim() : value
    return compared !== saved[field]
  })
}

export type ProfileUpdatePlan =
  { ok: true; request: ProfileUpdateRequest; changed: boolean } | { ok: false; errors: FieldErrors<ProfileField> }

/**
 * The PUT /api/user/profile body for what the person changed, checked with the rules of spec §5 (the
 * contract's schema, so the messages are the server's). Only changed fields are sent: an old value
 * that today's rules would refuse never blocks saving something else. An emptied optional text
 * clears it (null).
 */
export function planProfileUpdate(user: PublicUser, values: ProfileFormValues): ProfileUpdatePlan {
  const before = profileFormValues(user)
  const candidate: Record<string, unknown> = {}
  for (const field of ['username', 'email'] as const) {
    if (values[field].trim() !== before[field]) candidate[field] = values[field]
  }
  for (const field of ['location', 'bio', 'avatarUrl'] as const) {
    const value = values[field].trim()
    if (value !== before[field]) candidate[field] = value === '' ? null : value
  }
  for (const field of ['digestType', 'receiveCampaignEmails', 'pushNotificationsEnabled'] as const) {
    if (values[field] !== before[field]) candidate[field] = values[field]
  }
  const changed = Object.keys(candidate).length > 0 || values.newPassword !== ''
  if (values.currentPassword !== '') candidate.currentPassword = values.currentPassword
  if (values.newPassword !== '') candidate.newPassword = values.newPassword

  const parsed = profileUpdateRequest.safeParse(candidate)
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf<ProfileField>(parsed.error) }
  // The server asks for it too (a new address hands over the account); saying so here saves a trip.
  if (parsed.data.email !== undefined && !parsed.data.currentPassword)
    return { ok: false, errors: { currentPassword: emailNeedsCurrentPassword } }
  return { ok: true, request: parsed.data, changed }
}

/**
 * Whether `user` (read again after a save whose answer was lost) already has every change `request`
 * asked for. A new password is not in the user, so a request with one can never be confirmed this way.
 */
export function hasSavedRequest(user: PublicUser, request: ProfileUpdateRequest): boolean {
  if (request.newPassword) return false
  const { currentPassword: _current, newPassword: _new, ...changes } = request
  const shown = user as unknown as Record<string, unknown>
  return Object.entries(changes).every(([field, value]) => value === undefined || shown[field] === value)
}

/** What the profile form says after a save whose answer never came (spec §8: true and helpful). */
export const unconfirmedSaveTexts = {
  title: "Couldn't confirm your changes were saved",
  description:
    "The connection dropped before Reelmates answered, so they may already be saved. Save again to find out: a change already made won't be made twice.",
  savedTitle: 'Profile updated',
  saved: 'The connection dropped, but your changes were saved.',
  signedOutTitle: 'Your new password was probably saved',
  /** After a save with a new password, found signed out: by the read back, or by the save itself (a 401). */
  signedOut:
    'You were signed out before Reelmates could confirm it, as a password change ends your sessions. Sign in with your new password. If it\'s refused, try your old one, or "Forgot password?" on the sign-in page.',
} as const
