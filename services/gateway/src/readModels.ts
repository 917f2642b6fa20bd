import type { Logger } from 'pino'
import type { Config } from '@reelmates/infra/config'
import { openReadStore, readModelSnapshotPath } from '@reelmates/infra/column'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import {
  isDamagedSnapshot,
  setSnapshotAside,
  type SnapshotSetAsideReason,
} from '@reelmates/infra/readStore/snapshotAside'
import { readCheckpoints, type Checkpoint } from '@reelmates/projections/runner/checkpoints'

export interface ReadModels {
  readStore: ReadStore
  /** To call once the store is closed: sets the snapshot aside if reading it after the start found damage. */
  afterClose(): void
}

const setAsideMessages: Record<SnapshotSetAsideReason, string> = {
  damaged: 'read-model snapshot cannot be read: set aside, the read models are rebuilt from the event log',
  ahead: 'read-model snapshot is ahead of the event log: set aside, the read models are rebuilt from the event log',
}

/**
 * The read store, and in the embedded column a snapshot that can be trusted to resume from. The
 * snapshot is only a cache of the event log, so one that cannot be read, or whose checkpoints are
 * past the head of the log (an older events.db restored beside it, a directory copied file by file),
 * is set aside and the read models are rebuilt from the log. Served from such a snapshot, the events
 * written next would land at positions its checkpoints have passed, and never show.
 */
export async function openReadModels(config: Config, eventStore: EventStore, logger: Logger): Promise<ReadModels> {
  const snapshot = readModelSnapshotPath(config)
  let damagedAfterStart = false
  const open = () =>
    openReadStore(config, {
      onSnapshotRead: ({ documents, seconds }) =>
        logger.info({ documents, seconds: Number(seconds.toFixed(2)) }, 'read-model snapshot read whole'),
      onSnapshotDamaged: ({ collection, error }) => {
        // A disk that failed a read may read the next time; only a bad file is thrown away.
        if (isDamagedSnapshot(error)) damagedAfterStart = true
        logger.error(
          { err: error, collection, snapshot },
          'read-model snapshot damaged: this read model fails until a restart rebuilds it from the event log',
        )
      },
    })
  const readModels = (readStore: ReadStore): ReadModels => ({
    readStore,
    afterClose() {
      if (!damagedAfterStart) return
      const movedTo = setSnapshotAside(snapshot, 'damaged')
      logger.warn(
        { snapshot, movedTo },
        'damaged read-model snapshot set aside: the next start rebuilds from the event log',
      )
    },
  })
  const startEmpty = async (reason: SnapshotSetAsideReason, opened: ReadStore | undefined, details: object) => {
    // Closed without a flush: nothing of the set-aside snapshot is written back.
    await opened?.close()
    const movedTo = setSnapshotAside(snapshot, reason)
    logger.warn({ ...details, snapshot, movedTo }, setAsideMessages[reason])
    return readModels(await open())
  }
  if (config.column !== 'embedded') return readModels(await open())

  let readStore: ReadStore
  let checkpoints: Map<string, Checkpoint>
  try {
    readStore = await open()
  } catch (error) {
    if (!isDamagedSnapshot(error)) throw error
    return startEmpty('damaged', undefined, { err: error })
  }
  try {
    // What the runner reads first: damage here would stop the start.
    checkpoints = await readCheckpoints(readStore)
  } catch (error) {
    if (!isDamagedSnapshot(error)) throw error
    return startEmpty('damaged', readStore, { err: error })
  }
  const head = await eventStore.headPosition()
  const ahead = [...checkpoints.values()].filter(
    (checkpoint) => BigInt(checkpoint.position) > head || BigInt(checkpoint.swap?.position ?? 0) > head,
  )
  if (ahead.length > 0) {
    const positions = ahead.map((checkpoint) => `${checkpoint._id} at ${checkpoint.position}`).join(', ')
    return startEmpty('ahead', readStore, { logHead: head.toString(), checkpoints: positions })
  }
  return readModels(readStore)
}
