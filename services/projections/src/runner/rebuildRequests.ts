import type { ReadStore } from '@reelmates/infra/readStore/port'

/**
 * The rebuilds asked for and not yet swapped in, beside the checkpoints in the read store: a restart
 * (a deploy's SIGTERM, a crash) drops the half-built copies, and the runner that starts next asks
 * for these again, so a read model an admin asked to repair is not left as it was without a word.
 */
export const REBUILD_REQUESTS = 'projection_rebuild_requests'

/** `version`: the projector's version when it was asked for; the rebuild builds the running code's. */
export type RebuildRequest = { _id: string; version: number }

export async function recordRebuildRequest(store: ReadStore, name: string, version: number): Promise<void> {
  await store
    .collection<RebuildRequest>(REBUILD_REQUESTS)
    .replaceOne({ _id: name }, { _id: name, version }, { upsert: true })
  // The embedded store is snapshotted now and then: a crash before the next snapshot would lose the
  // request (MongoDB: a no-op, the write is durable already).
  await store.flush()
}

export async function readRebuildRequests(store: ReadStore): Promise<Set<string>> {
  const requests = await store.collection<RebuildRequest>(REBUILD_REQUESTS).find({})
  return new Set(requests.map((request) => request._id))
}

export async function clearRebuildRequest(store: ReadStore, name: string): Promise<void> {
  await store.collection<RebuildRequest>(REBUILD_REQUESTS).deleteOne({ _id: name })
}
