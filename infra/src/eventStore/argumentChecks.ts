/** Argument checks both adapters make before touching storage, so they refuse the same calls. */
import type { EventToAppend, ExpectedRevision } from './port'

export function assertAppendable(events: EventToAppend[], expectedRevision: ExpectedRevision): void {
  if (events.length === 0) throw new RangeError('append needs at least one event')
  if (typeof expectedRevision === 'number' && !(Number.isSafeInteger(expectedRevision) && expectedRevision >= 0)) {
    throw new RangeError(`expected revision must be a non-negative integer, got ${expectedRevision}`)
  }
  // An id names one fact; twice in one batch would make the idempotency check ambiguous.
  if (new Set(events.map((event) => event.id)).size !== events.length) {
    throw new RangeError('the same event id appears twice in one append')
  }
}

export function assertMaxCount(maxCount: number | undefined): void {
  if (maxCount !== undefined && !(Number.isSafeInteger(maxCount) && maxCount >= 0)) {
    throw new RangeError(`maxCount must be a non-negative integer, got ${maxCount}`)
  }
}
