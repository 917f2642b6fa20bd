import { friendshipMessages as says } from '@reelmates/contracts/friendships'
import { DomainError } from '../decider'

export class FriendRequestToSelf extends DomainError {
  override readonly name = 'FriendRequestToSelf'
  constructor() {
    super('invalid', says.self)
  }
}

export class UnknownUser extends DomainError {
  override readonly name = 'UnknownUser'
  constructor(username: string) {
    super('not_found', says.unknownUser(username))
  }
}

export class FriendAccountDeleted extends DomainError {
  override readonly name = 'FriendAccountDeleted'
  constructor() {
    super('gone', says.accountDeleted)
  }
}

export class AlreadyFriends extends DomainError {
  override readonly name = 'AlreadyFriends'
  constructor(username: string) {
    super('conflict', says.alreadyFriends(username))
  }
}

export class AlreadyFriendsAtAddress extends DomainError {
  override readonly name = 'AlreadyFriendsAtAddress'
  constructor() {
    super('conflict', says.alreadyFriendsAtAddress)
  }
}

export class RequestAlreadyPending extends DomainError {
  override readonly name = 'RequestAlreadyPending'
  constructor(username: string) {
    super('conflict', says.alreadyPending(username))
  }
}

/** "already been": the accept-friend screen reads it as "Already friends" (spec §8). */
export class RequestAlreadyAccepted extends DomainError {
  override readonly name = 'RequestAlreadyAccepted'
  constructor() {
    super('conflict', says.alreadyAccepted)
  }
}

export class TooManyRequests extends DomainError {
  override readonly name = 'TooManyRequests'
  constructor(message: string = says.tooManyRequests) {
    super('too_many', message)
  }
}

export class NoSuchFriendRequest extends DomainError {
  override readonly name = 'NoSuchFriendRequest'
  constructor() {
    super('not_found', says.noSuchRequest)
  }
}

/** Also what a stranger to the pair is told: nothing about whether the friendship exists. */
export class NoSuchFriendship extends DomainError {
  override readonly name = 'NoSuchFriendship'
  constructor() {
    super('not_found', says.noSuchFriendship)
  }
}

export class OnlyRecipientAnswers extends DomainError {
  override readonly name = 'OnlyRecipientAnswers'
  constructor() {
    super('forbidden', says.onlyRecipientAccepts)
  }
}

export class RecipientMustDecline extends DomainError {
  override readonly name = 'RecipientMustDecline'
  constructor() {
    super('forbidden', 'To refuse a friend request, decline it.')
  }
}

export class InvitationTokenInvalid extends DomainError {
  override readonly name = 'InvitationTokenInvalid'
  constructor() {
    super('not_found', says.invalidToken)
  }
}

/**
 * A friend-request link opened signed out signs its addressee in (spec §4): like a sign-in link, it
 * stops doing so once the password or the address it was mailed to has changed since (the old mailbox
 * may be why they changed). The request itself waits on the Friends page.
 */
export class InvitationSignInEnded extends DomainError {
  override readonly name = 'InvitationSignInEnded'
  constructor(by: 'password' | 'email') {
    super('gone', by === 'password' ? says.signInEndedByPassword : says.signInEndedByEmail, {
      detail: 'token_revoked',
    })
  }
}

export class InvitationTokenExpired extends DomainError {
  override readonly name = 'InvitationTokenExpired'
  constructor() {
    super('gone', says.expiredToken)
  }
}

export class InvitationTokenUsed extends DomainError {
  override readonly name = 'InvitationTokenUsed'
  constructor() {
    super('gone', says.usedToken)
  }
}

export class InvitationForAnotherAccount extends DomainError {
  override readonly name = 'InvitationForAnotherAccount'
  constructor() {
    super('forbidden', says.wrongAccount)
  }
}

export class OwnInvitation extends DomainError {
  override readonly name = 'OwnInvitation'
  constructor() {
    super('forbidden', says.ownInvitation)
  }
}

/** Also what anyone but the inviter is told: nothing about whether the invitation exists. */
export class NoSuchInvitation extends DomainError {
  override readonly name = 'NoSuchInvitation'
  constructor() {
    super('not_found', says.noSuchInvitation)
  }
}

export class InvitationCancelled extends DomainError {
  override readonly name = 'InvitationCancelled'
  constructor() {
    super('gone', says.cancelledToken)
  }
}

/** A link whose inviter deleted their account: it can make no friendship, and says why. */
export class InviterLeft extends DomainError {
  override readonly name = 'InviterLeft'
  constructor() {
    super('gone', says.inviterLeft)
  }
}
