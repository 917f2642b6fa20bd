import { feedMessages as says } from '@reelmates/contracts/feed'
import { DomainError } from '../decider'

/**
 * Not there, or not the asker's to see (not the owner, nor the owner's friend, nor in its audience):
 * the same 404 either way, so nobody learns from the answer that an activity exists.
 */
export class NoSuchActivity extends DomainError {
  override readonly name = 'NoSuchActivity'
  constructor() {
    super('not_found', says.noSuchActivity)
  }
}

export class NoSuchComment extends DomainError {
  override readonly name = 'NoSuchComment'
  constructor() {
    super('not_found', says.noSuchComment)
  }
}

export class CommentEmpty extends DomainError {
  override readonly name = 'CommentEmpty'
  constructor() {
    super('invalid', says.commentEmpty, { validationErrors: { content: says.commentEmpty } })
  }
}

export class CommentTooLong extends DomainError {
  override readonly name = 'CommentTooLong'
  constructor() {
    super('invalid', says.commentTooLong, { validationErrors: { content: says.commentTooLong } })
  }
}

export class NotYourComment extends DomainError {
  override readonly name = 'NotYourComment'
  constructor() {
    super('forbidden', says.notYourComment)
  }
}

export class CannotDeleteComment extends DomainError {
  override readonly name = 'CannotDeleteComment'
  constructor() {
    super('forbidden', says.cannotDeleteComment)
  }
}

/** The card's two members are not friends now: ending a friendship ends contact through it. */
export class CardClosed extends DomainError {
  override readonly name = 'CardClosed'
  constructor() {
    super('forbidden', says.cardClosed)
  }
}
