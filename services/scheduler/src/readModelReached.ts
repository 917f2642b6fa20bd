import { setTimeout as sleep } from 'node:timers/promises'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { readCheckpoints } from '@reelmates/projections/runner/checkpoints'

/**
 * Whether the projector `name` has applied the log up to `position`, waiting up to `withinMs` for it.
 *
 * A reaction that reads a read model about the event it handles runs as soon as the event is in the
 * log, usually a few milliseconds before the projector has applied it. Failing there left the retry to
 * the reactor, whose first comes a second later: every sign-up's first campaign mail and every
 * "they watched what you recommended" waited that second. Past `withinMs` the caller fails as before
 * and the reactor's retries take over (a projector far behind, as after a rebuild).
 */
export async function readModelReached(
  readStore: ReadStore,
  name: string,
  position: bigint,
  withinMs = 1_000,
): Promise<boolean> {
  const until = Date.now() + withinMs
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const checkpoint = (await readCheckpoints(readStore)).get(name)
    if (checkpoint && BigInt(checkpoint.position) >= position) return true
    const left = until - Date.now()
    if (left <= 0) return false
    await sleep(Math.min(pause, left))
  }
}
