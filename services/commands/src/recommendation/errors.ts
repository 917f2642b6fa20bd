import { recommendationMessages as says } from '@reelmates/contracts/recommendations'
import { DomainError } from '../decider'

export class NoRecipient extends DomainError {
  override readonly name = 'NoRecipient'
  constructor() {
    super('invalid', says.noRecipient)
  }
}

export class RecommendationToSelf extends DomainError {
  override readonly name = 'RecommendationToSelf'
  constructor() {
    super('invalid', says.self)
  }
}

/** Its sender following a recommendation's mailed link: it is for the person they sent it to. */
export class OwnRecommendationLink extends DomainError {
  override readonly name = 'OwnRecommendationLink'
  constructor() {
    super('invalid', says.ownLink)
  }
}

export class RecommendationNoteTooLong extends DomainError {
  override readonly name = 'RecommendationNoteTooLong'
  constructor() {
    super('invalid', says.noteTooLong)
  }
}

export class NotFriends extends DomainError {
  override readonly name = 'NotFriends'
  constructor(username: string) {
    super('forbidden', says.notFriends(username))
  }
}

export class UnknownRecipient extends DomainError {
  override readonly name = 'UnknownRecipient'
  constructor(username: string) {
    super('not_found', says.unknownUser(username))
  }
}

export class RecommendationAlreadyPending extends DomainError {
  override readonly name = 'RecommendationAlreadyPending'
  constructor(name: string) {
    super('conflict', says.alreadyPending(name))
  }
}

/** Also what a stranger to a recommendation is told: nothing about whether it exists. */
export class NoSuchRecommendation extends DomainError {
  override readonly name = 'NoSuchRecommendation'
  constructor() {
    super('not_found', says.notFound)
  }
}

export class OnlyRecipientAnswers extends DomainError {
  override readonly name = 'OnlyRecipientAnswers'
  constructor() {
    super('forbidden', says.onlyRecipient)
  }
}

export class RecommendationAlreadyAnswered extends DomainError {
  override readonly name = 'RecommendationAlreadyAnswered'
  constructor(message: string = says.notPending) {
    super('conflict', message)
  }
}

export class RecommendationTokenInvalid extends DomainError {
  override readonly name = 'RecommendationTokenInvalid'
  constructor() {
    super('not_found', says.invalidToken)
  }
}

/**
 * A link whose sender deleted their account: what they sent went with it. Said so, as an invitation
 * link from a member who left is, not as an invalid link (which tells its holder the mail was wrong).
 */
export class RecommendationSenderLeft extends DomainError {
  override readonly name = 'RecommendationSenderLeft'
  constructor() {
    super('gone', says.senderLeft)
  }
}

export class RecommendationTokenSpent extends DomainError {
  override readonly name = 'RecommendationTokenSpent'
  constructor(message: string) {
    super('gone', message)
  }
}

/** Worded alike for every address, member's or not: the refusal must not tell whose it is. */
export class TooManyToAddress extends DomainError {
  override readonly name = 'TooManyToAddress'
  constructor() {
    super('too_many', says.tooManyToAddress)
  }
}
