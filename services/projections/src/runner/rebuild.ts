import { DEFAULT_BACKOFF } from '@reelmates/infra/eventStore/followLog'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import { LeaseLost } from '@reelmates/infra/leases/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from '../projector'
import { applyBatch } from './applyBatch'
import { assertFence, writeCheckpoint, type Checkpoint, type Fence } from './checkpoints'
import type { EventParser } from './eventParser'
import type { PageReader } from './sharedPages'
import { rebuildNameOf, renamedView } from './renamedView'

export class RebuildFailed extends Error {
  override readonly name = 'RebuildFailed'
  constructor(
    readonly projector: string,
    readonly position: bigint,
    override readonly cause: unknown,
  ) {
    super(
      `Rebuilding ${projector} failed at position ${position}: ${cause instanceof Error ? cause.message : String(cause)}`,
    )
  }
}

export interface RebuildInput {
  eventStore: EventStore
  /** Reads the log's pages; rebuilds running together share them (`sharedPageReader`). */
  readPage?: PageReader
  store: ReadStore
  projector: Projector
  parse: EventParser
  batchSize: number
  /** Takes a turn with the live batches, so that the swap never lands in the middle of one. */
  turn: <T>(task: () => Promise<T>) => Promise<T>
  isStopping: () => boolean
  onProgress: (position: bigint) => void
  /** Answers what the live collections hold now, to record beside the swap marker. */
  current: () => { version: number; position: bigint }
  /** The runner's lease, when it runs under one: every page and the swap are fenced by it. */
  fence?: Fence
  /** Waits before replaying a page again after the store's passing failure (tests shorten them). */
  retryBackoff?: { initialMs: number; maxMs: number }
  /** How that wait is made: the runner's own, which stopping ends at once. */
  pause?: (ms: number) => Promise<void>
}

/**
 * Blue-green rebuild: replays the whole log into fresh copies of the projector's collections while
 * the old ones keep answering queries, then, once the copy has reached the head of the log, swaps
 * them in and records the new version. Answers the position the new collections hold, or undefined
 * when the runner stopped first (the half-built copies are dropped at the next start).
 */
export async function rebuildProjector(input: RebuildInput): Promise<bigint | undefined> {
  const { eventStore, store, projector, parse, batchSize, turn, isStopping, fence } = input
  const readPage = input.readPage ?? ((after: bigint, maxCount: number) => eventStore.readAll({ after, maxCount }))
  const version = projector.version
  const renames = new Map(projector.collections.map((name) => [name, rebuildNameOf(name, version)]))
  const db = renamedView(store, renames)

  await turn(async () => {
    await dropCollections(store, [...renames.values()])
    await projector.setup?.(db)
  })

  let cursor = 0n
  const replay = async (page: RecordedEvent[]) => {
    const apply = () =>
      applyBatch({
        store,
        projector,
        db,
        parse,
        events: page,
        from: cursor,
        ...(fence ? { guard: () => assertFence(store, projector.name, fence) } : {}),
      })
    let result: Awaited<ReturnType<typeof apply>> | typeof STOPPED
    try {
      result = await untilStoreAnswers(apply, input)
    } catch (error) {
      if (error instanceof LeaseLost) throw error
      // The store failed in a way that may have written the page: the copies are not to be trusted.
      throw new RebuildFailed(projector.name, cursor, error)
    }
    if (result === STOPPED) return false
    if (result.failure) {
      await dropCollections(store, [...renames.values()])
      throw new RebuildFailed(projector.name, result.failure.position, result.failure.error)
    }
    cursor = result.position
    input.onProgress(cursor)
    return true
  }

  // Most of the log is replayed beside the live batches: the copies are nobody else's to write.
  for (;;) {
    if (isStopping()) return undefined
    const page = await readPage(cursor, batchSize)
    if (page.length < batchSize) break
    if (!(await replay(page))) return undefined
    // The embedded stores settle every call at once: without a turn of the event loop between pages,
    // a rebuild of a long log would hold every request, timer and socket of the process until it ends.
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
  // The tail, and the swap, take a turn: no live batch may land between the last page and the swap.
  return turn(async () => {
    for (;;) {
      if (isStopping()) return undefined
      const page = await eventStore.readAll({ after: cursor, maxCount: batchSize })
      if (page.length === 0) {
        await swapIn(store, projector, { version, position: cursor }, input.current(), fence)
        return cursor
      }
      if (!(await replay(page))) return undefined
    }
  })
}

async function swapIn(
  store: ReadStore,
  projector: Projector,
  rebuilt: { version: number; position: bigint },
  live: { version: number; position: bigint },
  fence: Fence | undefined,
): Promise<void> {
  if (fence) await assertFence(store, projector.name, fence)
  const existing = new Set(await store.listCollections())
  // A collection the replay never wrote to is empty in the new version.
  for (const name of projector.collections) {
    if (!existing.has(rebuildNameOf(name, rebuilt.version)) && existing.has(name)) await store.dropCollection(name)
  }
  // Marked first, so that a crash between the renames below is finished at the next start.
  await writeCheckpoint(store, projector.name, { ...live, swap: rebuilt, ...(fence ? { fence } : {}) })
  await finishSwap(store, projector, rebuilt, fence)
}

/** Renames whatever rebuilt collections are still waiting and records the version they hold. */
export async function finishSwap(
  store: ReadStore,
  projector: Projector,
  rebuilt: { version: number; position: bigint },
  fence?: Fence,
): Promise<void> {
  const existing = new Set(await store.listCollections())
  for (const name of projector.collections) {
    const fresh = rebuildNameOf(name, rebuilt.version)
    if (existing.has(fresh)) await store.renameCollection(fresh, name)
  }
  await writeCheckpoint(store, projector.name, { ...rebuilt, ...(fence ? { fence } : {}) })
}

export function pendingSwapOf(checkpoint: Checkpoint | undefined): { version: number; position: bigint } | undefined {
  return checkpoint?.swap ? { version: checkpoint.swap.version, position: BigInt(checkpoint.swap.position) } : undefined
}

async function dropCollections(store: ReadStore, names: readonly string[]): Promise<void> {
  const existing = new Set(await store.listCollections())
  for (const name of names) if (existing.has(name)) await store.dropCollection(name)
}

const STOPPED = Symbol('stopped')

/**
 * `work` (one page, an atomic step), again after a pause while the store's failures are ones after
 * which nothing was written (`isTransient`): an hour's rebuild is not thrown away for a failover in
 * its middle. STOPPED when the runner stops meanwhile (the pause ends at once then).
 */
async function untilStoreAnswers<R>(
  work: () => Promise<R>,
  { store, isStopping, retryBackoff = DEFAULT_BACKOFF, pause = sleep }: RebuildInput,
): Promise<R | typeof STOPPED> {
  for (let delay = retryBackoff.initialMs; ; delay = Math.min(delay * 2, retryBackoff.maxMs)) {
    try {
      return await work()
    } catch (error) {
      if (!store.isTransient(error)) throw error
      if (isStopping()) return STOPPED
      await pause(delay)
      if (isStopping()) return STOPPED
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
