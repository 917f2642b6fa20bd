import type { Lease, LeaseStore } from '@reelmates/infra/leases/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'

/** How far a reactor has come in the log. */
export interface ReactorCheckpoint {
  read(): Promise<bigint>
  /** Rejects with `LeaseLost` when a fenced checkpoint belongs to another holder now. */
  write(position: bigint): Promise<void>
}

/** Where reactor checkpoints were kept before leases, and still are for a reactor run without one. */
const CHECKPOINTS = 'scheduler_checkpoints'

export async function readStoredCheckpoint(readStore: ReadStore, name: string): Promise<bigint> {
  const stored = await readStore.collection(CHECKPOINTS).findOne({ _id: name })
  return typeof stored?.position === 'string' ? BigInt(stored.position) : 0n
}

/** Unfenced, in the read store: for a reactor only one process ever runs. */
export function readStoreCheckpoint(readStore: ReadStore, name: string): ReactorCheckpoint {
  return {
    read: () => readStoredCheckpoint(readStore, name),
    async write(position) {
      await readStore
        .collection(CHECKPOINTS)
        .updateOne({ _id: name }, { $set: { position: String(position) } }, { upsert: true })
    },
  }
}

/**
 * Beside the reactor's lease, fenced by its token: a process whose lease moved on records nothing, so
 * it can neither move its successor's checkpoint back nor claim work it did not finish. The first
 * holder under leases starts from the checkpoint kept in the read store before leases existed.
 */
export function leaseCheckpoint(
  leases: LeaseStore,
  lease: Lease,
  readStore: ReadStore,
  name: string,
): ReactorCheckpoint {
  return {
    async read() {
      const recorded = await leases.checkpointOf(lease.name)
      return recorded === undefined ? readStoredCheckpoint(readStore, name) : BigInt(recorded)
    },
    write: (position) => leases.record(lease, String(position)),
  }
}
