import { z } from 'zod'
import { defineEvent, type EventOf } from './events'
import type { AvatarEvent } from './avatars'
import { shownOrNone } from './text'

// ---- Field rules (spec §5), with the messages the screens show ----

export const usernameMin = 3
export const usernameMax = 50
export const passwordMin = 6
export const locationMax = 100
export const bioMax = 500
export const avatarUrlMax = 2048

export const messages = {
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 50 characters',
  usernameCharacters: 'Username can only contain letters, numbers, dots, dashes and underscores',
  usernameNoLetters: 'Username must have a letter or a number in it',
  usernameMixedAlphabets: 'Username cannot mix Latin, Greek and Cyrillic letters, which can look alike',
  passwordTooShort: 'Password must be at least 6 characters',
  invalidEmail: 'Please enter a valid email address',
  locationTooLong: 'Location must be at most 100 characters',
  bioTooLong: 'Bio must be at most 500 characters',
  avatarUrlInvalid: 'Avatar URL must be a web address',
  avatarUrlInApi: "Avatar URL must be a picture's address, not one of the app's own calls",
  avatarUrlOfAnotherMember:
    'Avatar URL cannot be another member\'s uploaded picture. Upload your own with "Upload picture".',
  avatarUrlOldUpload:
    'Avatar URL cannot be an old address of your uploaded picture. Upload it again with "Upload picture".',
  digestType: 'Digest must be weekly, daily or none',
  currentPasswordRequired: 'Current password is required to set new password',
  currentPasswordForEmail: 'Current password is required to change your email',
  passwordsDoNotMatch: 'Passwords do not match',
  usernameTaken: 'This username is already taken. Please choose a different one.',
  emailTaken: 'This email is already registered. Please use a different email or sign in.',
  /** The same on the profile form: the member is signed in already, so "or sign in" is no way out. */
  emailTakenOnProfile: 'This email is already registered to another account. Please use a different email.',
  invalidCredentials: 'Invalid username or password',
  passwordResetMailSent: 'If an account with that email address exists, we have sent a link to reset your password.',
  usernameMailSent: 'If an account with that email address exists, we have sent your username to it.',
  signInLinkMailSent: 'If an account with that email address exists, we have sent a sign-in link to it.',
  magicLinkMissing: 'The magic link is invalid. It may be missing required parameters.',
  resetLinkMissing: 'Invalid Reset Link',
} as const

export const roles = ['User', 'Admin'] as const
export const role = z.enum(roles, { message: 'Role must be User or Admin' })
export type Role = z.infer<typeof role>

export const digestTypes = ['weekly', 'daily', 'none'] as const
export const digestType = z.enum(digestTypes, { message: messages.digestType })
export type DigestType = z.infer<typeof digestType>

/** Sign-in only checks the length: the account decides the rest. */
const signInUsername = z.string({ error: messages.usernameTooShort }).trim().min(usernameMin, messages.usernameTooShort)

// Usernames appear in profile addresses (/profile/{username}) and in mails, so they are kept to
// characters that read the same everywhere; '@' is excluded so a username can never look like an email.
// A letter may carry combining marks (Devanagari's and Thai's vowel signs, an accent typed apart
// from its letter, as text pasted from a Mac often is), at most three, so a name cannot be stacked
// into a tower of marks; marks are counted decomposed (NFD), as they are drawn, so "à" and "a" plus a
// grave count alike. A mark on a digit, a dot, a dash or an underscore is refused.
const usernameShape = /^(?:\p{L}\p{M}{0,3}|[\p{N}._-])+$/u
const usernameCharacters = (value: string) => usernameShape.test(value.normalize('NFD'))

/** A username as it is looked up (profile addresses, friend requests): any name a member may hold. */
export const username = z
  .string({ error: messages.usernameTooShort })
  .trim()
  .min(usernameMin, messages.usernameTooShort)
  .max(usernameMax, messages.usernameTooLong)
  .refine(usernameCharacters, messages.usernameCharacters)

// Latin, Greek and Cyrillic share look-alike letters ("bоb" with a Cyrillic о reads as "bob"), so a
// name mixing them could pass for someone else's. Only a name being chosen is held to this: existing
// names, older than the rule, must still be found (profile addresses, friend requests).
const lookAlikeAlphabets = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u]
const oneLookAlikeAlphabet = (value: string) =>
  lookAlikeAlphabets.filter((alphabet) => alphabet.test(value)).length <= 1
// Characters drawn as nothing (variation selectors, the combining grapheme joiner, the Hangul filler):
// "bobby" with one inside reads as "bobby", yet is another name to every look-up.
const invisible = /\p{Default_Ignorable_Code_Point}/u

/**
 * A username someone is choosing now (sign-up, rename): composed (NFC) before it is checked and kept,
 * so "ine\u0301s" typed on a Mac is "inés"; nothing invisible in it; a letter or a number in it ("..."
 * reads as no name at all); one of the look-alike alphabets at most.
 */
export const newUsername = z
  .string({ error: messages.usernameTooShort })
  .trim()
  .normalize('NFC')
  .min(usernameMin, messages.usernameTooShort)
  .max(usernameMax, messages.usernameTooLong)
  .refine(usernameCharacters, messages.usernameCharacters)
  .refine((value) => !invisible.test(value), messages.usernameCharacters)
  .refine((value) => /[\p{L}\p{N}]/u.test(value), messages.usernameNoLetters)
  .refine(oneLookAlikeAlphabet, messages.usernameMixedAlphabets)

export const email = z
  .string({ error: messages.invalidEmail })
  .trim()
  .max(254, messages.invalidEmail)
  .pipe(z.email(messages.invalidEmail))

export const password = z
  .string({ error: messages.passwordTooShort })
  .min(passwordMin, messages.passwordTooShort)
  // scrypt hashes any length, but an unbounded one is a cheap way to make the server work hard.
  .max(1024, 'Password must be at most 1024 characters')

// Trimmed before the limit is counted, as the decider keeps them: spaces around 500 characters are no reason to refuse.
// One that shows nothing (zero-width spaces, say) is none, as one of spaces is.
const location = z.string().trim().overwrite(shownOrNone).max(locationMax, messages.locationTooLong)
const bio = z.string().trim().overwrite(shownOrNone).max(bioMax, messages.bioTooLong)
/**
 * An uploaded picture is served under /api/avatars/; any other call of ours, loaded as an image, would
 * be made with the viewer's cookie. The path is read as a browser resolves it (a backslash is a slash,
 * dot segments are walked), so no spelling steps around the rule.
 */
function notAnApiCall(value: string): boolean {
  if (!value.startsWith('/')) return true
  const path = new URL(value, 'https://reelmates.invalid').pathname
  return !/^\/api(\/|$)/i.test(path) || /^\/api\/avatars\/[^/]+$/.test(path)
}

// Shown as an <img> source and as a link: only web addresses (or a cleared value).
const avatarUrl = z
  .string({ error: messages.avatarUrlInvalid })
  .trim()
  .max(avatarUrlMax, messages.avatarUrlInvalid)
  .regex(/^(https?:\/\/\S+|\/[^/\\]\S*|)$/i, messages.avatarUrlInvalid)
  .refine(notAnApiCall, messages.avatarUrlInApi)

/** A form that leaves a password field empty sends ''; it means "not given". */
const optionalPassword = z.union([z.literal(''), password]).optional()

// ---- Requests ----

export const signInRequest = z.object({
  username: signInUsername,
  password: z.string({ error: messages.passwordTooShort }).min(passwordMin, messages.passwordTooShort),
})
export type SignInRequest = z.infer<typeof signInRequest>

export const registerRequest = z.object({
  username: newUsername,
  email,
  password,
  location: location.nullish(),
  bio: bio.nullish(),
  /** An invitation from a friend, carried through sign-up. */
  invitationToken: z.string().max(512).nullish(),
  /** A recommendation mailed to this address, carried through sign-up: it lands in the new inbox. */
  recommendationToken: z.string().max(512).nullish(),
})
export type RegisterRequest = z.infer<typeof registerRequest>

export const profileUpdateRequest = z
  .object({
    username: newUsername.optional(),
    email: email.optional(),
    location: location.nullish(),
    bio: bio.nullish(),
    avatarUrl: avatarUrl.nullish(),
    currentPassword: optionalPassword,
    newPassword: optionalPassword,
    digestType: digestType.optional(),
    receiveCampaignEmails: z.boolean({ message: 'receiveCampaignEmails must be true or false' }).optional(),
    pushNotificationsEnabled: z.boolean({ message: 'pushNotificationsEnabled must be true or false' }).optional(),
    /** The browser's PushSubscription as JSON; any shape (spec §5). */
    pushSubscription: z.unknown().optional(),
    onboardingCompleted: z.boolean({ message: 'onboardingCompleted must be true or false' }).optional(),
  })
  .refine((update) => !update.newPassword || Boolean(update.currentPassword), {
    message: messages.currentPasswordRequired,
    path: ['currentPassword'],
  })
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequest>

export const emailRequest = z.object({ email })
export type EmailRequest = z.infer<typeof emailRequest>

const resetToken = z
  .string({ error: messages.resetLinkMissing })
  .min(1, messages.resetLinkMissing)
  .max(512, messages.resetLinkMissing)

/** The reset page's first look at its link: can it still set a password? */
export const resetLinkCheckRequest = z.object({ token: resetToken })
export type ResetLinkCheckRequest = z.infer<typeof resetLinkCheckRequest>

export const resetPasswordRequest = z
  .object({
    token: resetToken,
    newPassword: password,
    confirmPassword: password,
  })
  .refine((reset) => reset.newPassword === reset.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>

export const emailPreferencesRequest = z.object({
  email,
  receiveCampaignEmails: z.boolean({ message: 'receiveCampaignEmails must be true or false' }),
})
export type EmailPreferencesRequest = z.infer<typeof emailPreferencesRequest>

export const signInLinkRequest = z.object({
  email,
  /** Where to go after signing in; only a path on this site is kept. */
  redirect: z.string().max(2048).optional(),
})

const token = z
  .string({ error: messages.magicLinkMissing })
  .min(1, messages.magicLinkMissing)
  .max(512, messages.magicLinkMissing)
export const magicLinkQuery = z.object({ token, redirect: z.string().max(2048).optional() })
export const processTokenQuery = z.object({ token })

// Only a name that could be a username is looked up: asked with an email (what a failed sign-in may
// have typed), the answer would tell a stranger who has an account, which forgot-password never does.
export const validateUsernameQuery = z.object({
  username: z
    .string({ error: 'A username to check is required' })
    .max(200, 'A username is at most 200 characters')
    .pipe(username),
})

export const deleteAccountRequest = z.object({
  currentPassword: z.string({ error: messages.passwordTooShort }).min(passwordMin, messages.passwordTooShort),
})

export const outboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  /** Every mail whose recipient's address contains this (any case). */
  to: z.string().max(254).optional(),
})

// ---- Responses ----

/** The user as the API shows it to themselves: no password, no tokens, no push subscription secrets. */
export const publicUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  digestType,
  onboardingCompleted: z.boolean(),
  receiveCampaignEmails: z.boolean(),
  pushNotificationsEnabled: z.boolean(),
  role,
  lastActivityVisit: z.string().nullable(),
  lastNewsVisit: z.string().nullable(),
})
export type PublicUser = z.infer<typeof publicUser>

/**
 * Who is signed in on this session (GET /api/session): null for nobody, an ordinary answer. `ended`
 * says why nobody is, when the device should be told: the session's account was deleted (on this
 * device or another).
 */
export const sessionAnswer = z.object({ user: publicUser.nullable(), ended: z.literal('accountDeleted').optional() })
export type SessionAnswer = z.infer<typeof sessionAnswer>

/** A mutation that answers the user also carries the log position it reached (read-your-writes). */
export const userAnswer = publicUser.extend({ position: z.string().optional() })

export const messageAnswer = z.object({ message: z.string(), position: z.string().optional() })
export const emailPreferencesAnswer = z.object({ success: z.boolean(), message: z.string() })
export const availabilityAnswer = z.object({ available: z.boolean() })
export const magicLinkAnswer = z.object({ redirect: z.string(), position: z.string().optional() })
export const processTokenAnswer = z.object({
  success: z.literal(true),
  user: publicUser,
  action: z.string().nullable(),
  actionData: z.unknown(),
  position: z.string().optional(),
})

export const outboxEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(['outbox', 'sent', 'failed']),
  category: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  userId: z.string().optional(),
  error: z.string().optional(),
  /** e.g. `List-Unsubscribe` on campaign mails. */
  headers: z.record(z.string(), z.string()).optional(),
})
export const outboxAnswer = z.object({ messages: z.array(outboxEntry) })

// ---- Events (stream `account-<userId>`) ----
//
// Personal fields are sealed with the user's key (crypto-shredding): once the account is deleted
// they read back as null, so their schemas accept null.

const personal = (...fields: string[]) => ({ personal: { subjectField: 'userId', fields } })
const erasable = <T extends z.ZodType>(schema: T) => schema.nullable()

export const UserRegistered = defineEvent(
  'UserRegistered',
  z.object({
    userId: z.string(),
    username: erasable(z.string()),
    email: erasable(z.string()),
    passwordHash: erasable(z.string()),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    invitationToken: z.string().nullable(),
    registeredAt: z.string(),
  }),
  // The invitation links the new account to whoever invited it: erased with the rest.
  personal('username', 'email', 'passwordHash', 'location', 'bio', 'invitationToken'),
)

/** Only the fields that changed are present; `null` clears a field. */
export const ProfileUpdated = defineEvent(
  'ProfileUpdated',
  z.object({
    userId: z.string(),
    username: erasable(z.string()).optional(),
    location: z.string().nullable().optional(),
    bio: z.string().nullable().optional(),
    avatarUrl: z.string().nullable().optional(),
    pushSubscription: z.unknown().optional(),
    digestType: digestType.optional(),
    receiveCampaignEmails: z.boolean().optional(),
    pushNotificationsEnabled: z.boolean().optional(),
    onboardingCompleted: z.boolean().optional(),
  }),
  personal('username', 'location', 'bio', 'avatarUrl', 'pushSubscription'),
)

/** `previousEmail` (absent before the scheduler mailed the notice) is where the change is told. */
export const EmailChanged = defineEvent(
  'EmailChanged',
  z.object({ userId: z.string(), email: erasable(z.string()), previousEmail: erasable(z.string()).optional() }),
  personal('email', 'previousEmail'),
)

export const PasswordChanged = defineEvent(
  'PasswordChanged',
  z.object({ userId: z.string(), passwordHash: erasable(z.string()) }),
  personal('passwordHash'),
)

/** Unsubscribe (or subscribe again) from campaign emails. */
export const EmailPreferencesUpdated = defineEvent(
  'EmailPreferencesUpdated',
  z.object({ userId: z.string(), receiveCampaignEmails: z.boolean() }),
)

export const UserRoleChanged = defineEvent(
  'UserRoleChanged',
  z.object({ userId: z.string(), role, previousRole: role }),
)

/**
 * The account checks the link by the SHA-256 of its token. The token itself travels to the scheduler,
 * which mails the link, only sealed with the user's key (`token`, absent on events from before mails
 * were reactions); erasing the account erases it.
 */
export const PasswordResetRequested = defineEvent(
  'PasswordResetRequested',
  z.object({
    userId: z.string(),
    tokenHash: z.string(),
    expiresAt: z.string(),
    token: erasable(z.string()).optional(),
  }),
  personal('token'),
)

/** Someone asked for the username of the account behind its address: the scheduler mails it. */
export const UsernameReminderRequested = defineEvent(
  'UsernameReminderRequested',
  z.object({ userId: z.string(), requestedAt: z.string() }),
)

export const PasswordReset = defineEvent(
  'PasswordReset',
  z.object({ userId: z.string(), tokenHash: z.string(), passwordHash: erasable(z.string()) }),
  personal('passwordHash'),
)

/**
 * A single-use sign-in link (magic link, or a link that signs in and then does `action`, such as
 * accepting a friend's invitation).
 */
export const SignInLinkIssued = defineEvent(
  'SignInLinkIssued',
  z.object({
    userId: z.string(),
    tokenHash: z.string(),
    expiresAt: z.string(),
    redirect: z.string().nullable(),
    action: z.string().nullable(),
    actionData: z.unknown(),
    /** The link's token, sealed like the reset token, for the scheduler to mail. */
    token: erasable(z.string()).optional(),
  }),
  personal('redirect', 'actionData', 'token'),
)

export const SignInLinkUsed = defineEvent('SignInLinkUsed', z.object({ userId: z.string(), tokenHash: z.string() }))

/** The account is gone; its personal data is erased with the user's key right after this fact. */
export const AccountDeleted = defineEvent('AccountDeleted', z.object({ userId: z.string(), deletedAt: z.string() }))

/** An admin stopped the account from signing in (who did it is the event's `actorId`). */
export const UserSuspended = defineEvent('UserSuspended', z.object({ userId: z.string(), suspendedAt: z.string() }))

/** An admin let a suspended account sign in again. */
export const UserRestored = defineEvent('UserRestored', z.object({ userId: z.string(), restoredAt: z.string() }))

/** The user read the news; posts published after this are unread (the menu's dot). */
export const NewsVisited = defineEvent('NewsVisited', z.object({ userId: z.string(), visitedAt: z.string() }))

export type AccountEvent =
  | EventOf<typeof UserRegistered>
  | EventOf<typeof ProfileUpdated>
  | EventOf<typeof EmailChanged>
  | EventOf<typeof PasswordChanged>
  | EventOf<typeof EmailPreferencesUpdated>
  | EventOf<typeof UserRoleChanged>
  | EventOf<typeof PasswordResetRequested>
  | EventOf<typeof UsernameReminderRequested>
  | EventOf<typeof PasswordReset>
  | EventOf<typeof SignInLinkIssued>
  | EventOf<typeof SignInLinkUsed>
  | EventOf<typeof AccountDeleted>
  | EventOf<typeof UserSuspended>
  | EventOf<typeof UserRestored>
  | EventOf<typeof NewsVisited>
  | AvatarEvent
