import type { DomainEvent } from '@reelmates/contracts/events'

/**
 * An aggregate's rules as three pure functions (no I/O, no clock, no ids generated inside:
 * time and ids arrive in the command). `decide` throws a `DomainError` to refuse a command.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: () => State
  evolve: (state: State, event: Event) => State
  decide: (command: Command, state: State) => Event[]
}

/**
 * A refused command. `kind` says how the gateway answers it (mapped to an HTTP status in one place);
 * `message` is shown to the user as it is, so it is written for them.
 */
export class DomainError extends Error {
  override readonly name: string = 'DomainError'
  constructor(
    readonly kind: 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'unauthorized' | 'gone' | 'too_many',
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message)
  }
}
