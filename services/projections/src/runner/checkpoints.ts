import { LeaseLost } from '@reelmates/infra/leases/port'
import { DuplicateKeyError, type ReadStore } from '@reelmates/infra/readStore/port'

/** Where each projector's progress lives, in the same store as its documents so both move together. */
export const CHECKPOINTS = 'projection_checkpoints'

/**
 * A projector's progress: the version of the code that built its collections and the last log
 * position applied to them (a decimal string: positions outgrow JSON numbers). `swap` is written just
 * before a rebuild's collections are renamed into place, so a crash in the middle can be finished.
 * `fence` is the lease token of the runner that wrote it last (absent where no lease is used).
 */
export type Checkpoint = {
  _id: string
  version: number
  position: string
  swap?: { version: number; position: string }
  fence?: number
}

/**
 * The lease a runner holds while it writes. A write carrying it lands only while no runner with a
 * newer token has claimed the checkpoint, so a runner that lost its lease (stalled past its expiry,
 * cut off from the lease store) writes nothing over its successor.
 */
export interface Fence {
  lease: string
  token: number
}

const fenceAllows = (name: string, fence: Fence) => ({
  _id: name,
  $or: [{ fence: { $exists: false } }, { fence: { $lte: fence.token } }],
})

/** Checkpoints that hold progress; a claim made before any progress (only `fence`) is no checkpoint. */
export async function readCheckpoints(store: ReadStore): Promise<Map<string, Checkpoint>> {
  const docs = await store.collection<Checkpoint>(CHECKPOINTS).find({})
  return new Map(docs.filter((doc) => typeof doc.version === 'number').map((doc) => [doc._id, doc]))
}

export async function writeCheckpoint(
  store: Pick<ReadStore, 'collection'>,
  name: string,
  progress: { version: number; position: bigint; swap?: { version: number; position: bigint }; fence?: Fence },
): Promise<void> {
  const { version, position, swap, fence } = progress
  const doc: Checkpoint = { _id: name, version, position: position.toString() }
  if (swap) doc.swap = { version: swap.version, position: swap.position.toString() }
  const checkpoints = store.collection<Checkpoint>(CHECKPOINTS)
  if (!fence) {
    await checkpoints.replaceOne({ _id: name }, doc, { upsert: true })
    return
  }
  await fenced(fence, () =>
    checkpoints.replaceOne(fenceAllows(name, fence), { ...doc, fence: fence.token }, { upsert: true }),
  )
}

/**
 * Marks the checkpoints of `names` as this lease's before anything is read from them: from here on a
 * runner with an older token can no longer write them, so what is read next is final.
 */
export async function claimCheckpoints(store: ReadStore, names: readonly string[], fence: Fence): Promise<void> {
  const checkpoints = store.collection<Checkpoint>(CHECKPOINTS)
  for (const name of names) {
    await fenced(fence, () =>
      checkpoints.updateOne(fenceAllows(name, fence), { $set: { fence: fence.token } }, { upsert: true }),
    )
  }
}

/**
 * Inside a rebuild's atomic step (which stores no checkpoint): refuses the step when a newer lease
 * has claimed the projector, and (a write to the same document) makes a concurrent claim conflict.
 */
export async function assertFence(store: Pick<ReadStore, 'collection'>, name: string, fence: Fence): Promise<void> {
  await fenced(fence, () =>
    store
      .collection<Checkpoint>(CHECKPOINTS)
      .updateOne(fenceAllows(name, fence), { $set: { fence: fence.token } }, { upsert: true }),
  )
}

/** A checkpoint that a newer token holds does not match the fenced filter, so the upsert collides on its _id. */
async function fenced(fence: Fence, write: () => Promise<unknown>): Promise<void> {
  try {
    await write()
  } catch (error) {
    if (error instanceof DuplicateKeyError) throw new LeaseLost(fence.lease, fence.token)
    throw error
  }
}
