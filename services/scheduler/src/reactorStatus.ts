import type { LeaseStore } from '@reelmates/infra/leases/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { SCHEDULER_FAILURES } from './reactor'
import { readStoredCheckpoint } from './reactorCheckpoint'

/** How far one reaction has come, and what it has set aside. */
export interface ReactorStatus {
  name: string
  checkpoint: bigint
  /** Set-aside events it has not yet handled successfully. */
  failures: number
  lastError: string | null
}

/**
 * Read from where every process records them (the lease's checkpoint and the set-aside failures in
 * the read store), so a gateway of either column answers the same.
 */
export async function reactorStatuses(
  reactions: readonly string[],
  { leases, readStore }: { leases: LeaseStore; readStore: ReadStore },
): Promise<ReactorStatus[]> {
  return Promise.all(
    reactions.map(async (name) => {
      const recorded = await leases.checkpointOf(`reactor:${name}`)
      const checkpoint = recorded === undefined ? await readStoredCheckpoint(readStore, name) : BigInt(recorded)
      const failures = await readStore.collection(SCHEDULER_FAILURES).find({ reaction: name })
      const newest = failures.sort((a, b) => Number(BigInt(String(b.position)) - BigInt(String(a.position))))[0]
      return {
        name,
        checkpoint,
        failures: failures.length,
        lastError: newest ? String(newest.error) : null,
      }
    }),
  )
}
