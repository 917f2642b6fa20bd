/**
 * Work the scheduler does because of the time rather than because of an event: digests, campaign
 * steps. agenda runs it every `every` in one scheduler process at a time; `run` does whatever is
 * due at `now` and must be safe to run again (a crash between its effect and agenda's bookkeeping
 * runs it twice), which is why it decides by appending events with an expected revision.
 */
export interface TimedJob {
  readonly name: string
  /** agenda's interval, e.g. `'5 minutes'`. */
  readonly every: string
  run(now: Date): Promise<void>
}
