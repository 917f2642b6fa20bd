import { expect } from 'vitest'
import type { DomainEvent } from '@reelmates/contracts/events'
import type { Decider } from '../decider'

/**
 * Specs that read like the rule they check:
 *   given([added(dune)]).when(addTitle(dune)).thenThrows(AlreadyInWatchlist)
 */
export function specFor<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return function given(history: Event[]) {
    const state = history.reduce(decider.evolve, decider.initialState())
    return {
      when(command: Command) {
        const run = () => decider.decide(command, state)
        return {
          then(expected: Event[]) {
            expect(run()).toEqual(expected)
          },
          thenThrows(error: abstract new (...args: never[]) => Error, message?: string | RegExp) {
            expect(run).toThrow(error)
            if (message !== undefined) expect(run).toThrow(message)
          },
          thenNothingHappens() {
            expect(run()).toEqual([])
          },
        }
      },
      /** The state folded from the history, for rules about evolve itself. */
      state: () => state,
    }
  }
}
