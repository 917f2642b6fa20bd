import { CurrentPasswordIncorrect } from '@reelmates/commands/account/errors'
import { DomainError } from '@reelmates/commands/decider'
import type { RateLimit } from '@reelmates/infra/config'

export class TooManyWrongPasswords extends DomainError {
  override readonly name = 'TooManyWrongPasswords'
  /** Sent as `Retry-After`, so a client can wait for the window without reading the message. */
  readonly retryAfterSeconds: number
  constructor(retryAfterMs: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000))
    const message = `Too many wrong passwords. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
    // Also under the field, where the profile form shows a wrong password.
    super('too_many', message, { validationErrors: { currentPassword: message } })
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  }
}

interface Window {
  endsAt: number
  wrong: number
  /** Checks under way: counted as wrong until they answer, so a burst sent at once cannot outrun the limit. */
  pending: number
}

/**
 * Wrong current passwords (a new email or password, deleting the account) counted per account, not
 * per address: someone holding a stolen session could otherwise guess the password behind it from
 * anywhere. Only wrong answers count, from the first one for one window; a right one does not clear
 * them, or a guesser who knows one old password could reset the count at will. Past the limit the
 * password is not checked at all until the window ends.
 *
 * Held in this process's memory: behind N gateways (distributed column) each counts on its own, so
 * up to N times the limit gets through, and a restart forgets the count. It makes guessing slow,
 * which is its job; a shared store would make it exact.
 */
export class WrongPasswordGuard {
  private readonly windows = new Map<string, Window>()

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
  ) {}

  /** Runs a command that checks `userId`'s current password, or refuses it unchecked past the limit. */
  async check<T>(userId: string, run: () => Promise<T>): Promise<T> {
    const window = this.windowOf(userId)
    if (window.wrong + window.pending >= this.limit.max) throw new TooManyWrongPasswords(window.endsAt - this.now())
    window.pending++
    try {
      return await run()
    } catch (error) {
      if (error instanceof CurrentPasswordIncorrect) window.wrong++
      throw error
    } finally {
      window.pending--
      if (window.wrong === 0 && window.pending === 0 && this.windows.get(userId) === window) {
        this.windows.delete(userId)
      }
    }
  }

  private windowOf(userId: string): Window {
    const now = this.now()
    const found = this.windows.get(userId)
    if (found && found.endsAt > now) return found
    // Ended windows go when a new one starts, so the map holds only accounts guessed at lately.
    for (const [id, window] of this.windows) if (window.endsAt <= now && window.pending === 0) this.windows.delete(id)
    const fresh: Window = { endsAt: now + this.limit.timeWindow, wrong: 0, pending: 0 }
    this.windows.set(userId, fresh)
    return fresh
  }
}
