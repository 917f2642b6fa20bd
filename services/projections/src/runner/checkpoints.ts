import type { ReadStore } from '@reelmates/infra/readStore/port'

/** Where each projector's progress lives, in the same store as its documents so both move together. */
export const CHECKPOINTS = 'projection_checkpoints'

/**
 * A projector's progress: the version of the code that built its collections and the last log
 * position applied to them (a decimal string: positions outgrow JSON numbers). `swap` is written just
 * before a rebuild's collections are renamed into place, so a crash in the middle can be finished.
 */
export type Checkpoint = {
  _id: string
  version: number
  position: string
  swap?: { version: number; position: string }
}

export async function readCheckpoints(store: ReadStore): Promise<Map<string, Checkpoint>> {
  const docs = await store.collection<Checkpoint>(CHECKPOINTS).find({})
  return new Map(docs.map((doc) => [doc._id, doc]))
}

export async function writeCheckpoint(
  store: Pick<ReadStore, 'collection'>,
  name: string,
  version: number,
  position: bigint,
  swap?: { version: number; position: bigint },
): Promise<void> {
  const doc: Checkpoint = { _id: name, version, position: position.toString() }
  if (swap) doc.swap = { version: swap.version, position: swap.position.toString() }
  await store.collection<Checkpoint>(CHECKPOINTS).replaceOne({ _id: name }, doc, { upsert: true })
}
