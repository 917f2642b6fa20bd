import type { LeaseStore } from '@reelmates/infra/leases/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Scheduler } from './index'
import { reactorStatuses } from './reactorStatus'

const POLL_MS = 100

/**
 * The scheduler as a gateway of the distributed column sees it: the reactions run in the scheduler
 * processes, and the checkpoints they record beside their leases say how far they have come.
 */
export function watchRemoteReactions({
  leases,
  readStore,
  reactions,
  pollMs = POLL_MS,
}: {
  leases: LeaseStore
  /** Where the scheduler processes set failing reactions aside. */
  readStore: ReadStore
  reactions: readonly string[]
  pollMs?: number
}): Scheduler {
  let stopped = false
  const reached = async (position: bigint) => {
    const recorded = await Promise.all(reactions.map((name) => leases.checkpointOf(`reactor:${name}`)))
    return recorded.every((checkpoint) => checkpoint !== undefined && BigInt(checkpoint) >= position)
  }
  const stop = () => {
    stopped = true
    return Promise.resolve()
  }
  return {
    async waitForPosition(position, timeoutMs) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        if (stopped) return false
        if (await reached(position)) return true
        if (Date.now() >= deadline) return false
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
    },
    stop,
    abandon: stop,
    status: () => reactorStatuses(reactions, { leases, readStore }),
    // The reactions run in the scheduler processes, which retry their failures every minute.
    retryFailures: () => Promise.resolve(undefined),
    // Digests and campaign steps run in the scheduler processes too.
    runTimedJob: () => Promise.resolve(false),
  }
}
