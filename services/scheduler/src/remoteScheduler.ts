import type { LeaseStore } from '@reelmates/infra/leases/port'
import type { Scheduler } from './index'

const POLL_MS = 100

/**
 * The scheduler as a gateway of the distributed column sees it: the reactions run in the scheduler
 * processes, and the checkpoints they record beside their leases say how far they have come.
 */
export function watchRemoteReactions({
  leases,
  reactions,
  pollMs = POLL_MS,
}: {
  leases: LeaseStore
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
  }
}
