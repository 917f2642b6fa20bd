import { messages } from '@reelmates/contracts/account'
import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { DomainError } from '../decider'

export class AccountNotFound extends DomainError {
  override readonly name = 'AccountNotFound'
  constructor() {
    super('not_found', 'No account found.')
  }
}

export class AccountGone extends DomainError {
  override readonly name = 'AccountGone'
  constructor() {
    super('gone', 'This account has been deleted.')
  }
}

export class AccountAlreadyExists extends DomainError {
  override readonly name = 'AccountAlreadyExists'
  constructor() {
    super('conflict', 'This account already exists.')
  }
}

export class CurrentPasswordRequired extends DomainError {
  override readonly name = 'CurrentPasswordRequired'
  constructor(message: string = messages.currentPasswordRequired) {
    super('invalid', message, { validationErrors: { currentPassword: message } })
  }
}

export class CurrentPasswordIncorrect extends DomainError {
  override readonly name = 'CurrentPasswordIncorrect'
  constructor() {
    const message = 'Current password is incorrect'
    super('invalid', message, { validationErrors: { currentPassword: message } })
  }
}

/**
 * An uploaded picture is changed only by its owner, through the upload: the Avatar URL field holds a
 * linked address, so another member's picture (or an old one of one's own, dropped from the store)
 * would show someone else, or nothing, as the member.
 */
export class AvatarUrlNotYours extends DomainError {
  override readonly name = 'AvatarUrlNotYours'
  constructor(message: string) {
    super('invalid', message, { validationErrors: { avatarUrl: message } })
  }
}

/** Only the team lets a suspended account in again: no password, sign-in link or reset link does. */
export class AccountSuspended extends DomainError {
  override readonly name = 'AccountSuspended'
  constructor() {
    super('forbidden', suspendedMessage)
  }
}

export class ResetLinkInvalid extends DomainError {
  override readonly name = 'ResetLinkInvalid'
  constructor() {
    super('invalid', 'This reset link is invalid. Please request a new one.')
  }
}

export class ResetLinkUsed extends DomainError {
  override readonly name = 'ResetLinkUsed'
  constructor() {
    super('gone', 'This reset link has already been used. Please request a new one.')
  }
}

export class ResetLinkExpired extends DomainError {
  override readonly name = 'ResetLinkExpired'
  constructor() {
    super('gone', 'This reset link has expired. Please request a new one.')
  }
}

/** A newer reset mail replaced the link: only the latest one works. */
export class ResetLinkSuperseded extends DomainError {
  override readonly name = 'ResetLinkSuperseded'
  constructor() {
    super('gone', 'This reset link has been replaced by a newer one. Please use the latest email we sent.')
  }
}

/** The password or the address changed after the link was mailed: whoever asked for it no longer needs it. */
/** What ended the mailed links not yet used (account.ts `LinkEnd`). */
type LinkEnd = 'password' | 'email' | 'suspension'

const resetLinkEnded: Record<LinkEnd, string> = {
  password: 'This reset link was sent before your password was last changed. Please request a new one.',
  email: 'This reset link was sent to your previous email address. Please request a new one.',
  suspension: 'This reset link was sent before your account was suspended. Please request a new one.',
}

export class ResetLinkOutdated extends DomainError {
  override readonly name = 'ResetLinkOutdated'
  constructor(by: LinkEnd) {
    super('gone', resetLinkEnded[by])
  }
}

export class SignInLinkInvalid extends DomainError {
  override readonly name = 'SignInLinkInvalid'
  constructor() {
    super('unauthorized', 'This sign-in link is not valid. Sign in with your password instead.', {
      detail: 'invalid_token',
    })
  }
}

export class SignInLinkUsed extends DomainError {
  override readonly name = 'SignInLinkUsed'
  constructor() {
    super('gone', 'This sign-in link has already been used. Sign in with your password instead.', {
      detail: 'token_used',
    })
  }
}

export class SignInLinkExpired extends DomainError {
  override readonly name = 'SignInLinkExpired'
  constructor() {
    super('gone', 'This sign-in link has expired. Sign in with your password instead.', { detail: 'token_expired' })
  }
}

/** A new password ends every way in that was opened with the old one: sessions, and links not yet used. */
const signInLinkEnded: Record<LinkEnd, string> = {
  password: 'This sign-in link stopped working when your password was changed. Sign in with your password.',
  email: 'This sign-in link was sent to your previous email address. Sign in with your password.',
  suspension: 'This sign-in link stopped working when your account was suspended. Sign in with your password.',
}

export class SignInLinkRevoked extends DomainError {
  override readonly name = 'SignInLinkRevoked'
  constructor(by: LinkEnd) {
    super('gone', signInLinkEnded[by], { detail: 'token_revoked' })
  }
}
