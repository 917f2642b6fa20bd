import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '@reelmates/infra/config'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { protectPersonalData } from '@reelmates/infra/personalData/protectedEventStore'
import { createSqliteVault } from '@reelmates/infra/personalData/sqliteVault'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { createProjectionRunner } from '@reelmates/projections/runner'

const snapshotFile = 'read-models.db'

/**
 * Copies the read-model snapshot (with any WAL or journal beside it) exactly as a killed process left
 * it, before a restart can write a newer one: the file a crash leaves is the one to prove correct.
 */
export function keepCrashSnapshot(dataDir: string, into: string): string {
  mkdirSync(into, { recursive: true })
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(snapshotFile)) copyFileSync(join(dataDir, name), join(into, name))
  }
  const path = join(into, snapshotFile)
  if (!existsSync(path)) throw new Error(`no snapshot in ${dataDir} at crash time`)
  return path
}

/** The server's event log, read with the data directory's key vault (personal fields decrypted). */
export function openLog(dataDir: string): { eventStore: EventStore; close: () => Promise<void> } {
  const config = loadConfig({ DATA_DIR: dataDir })
  const vault = createSqliteVault({ path: join(dataDir, 'personal-data.db'), secret: config.personalDataSecret })
  const eventStore = protectPersonalData(createSqliteEventStore({ path: join(dataDir, 'events.db') }), vault)
  return {
    eventStore,
    async close() {
      await eventStore.close()
      await vault.close()
    },
  }
}

/** Runs the real projector set over `readStore` from its own checkpoints to the head of the log. */
export async function catchUp(eventStore: EventStore, readStore: ReadStore): Promise<void> {
  const runner = createProjectionRunner({ eventStore, readStore, projectors: allProjectors })
  await runner.start()
  const reached = await runner.waitForPosition(await eventStore.headPosition(), 60_000)
  await runner.stop()
  if (!reached) throw new Error('the projectors did not reach the head of the log')
}

/** A snapshot as a starting server restores it: loaded, then caught up from its checkpoints. */
export async function restoreSnapshot(eventStore: EventStore, snapshotPath: string): Promise<ReadStore> {
  const readStore = await createEmbeddedReadStore({ snapshotPath })
  await catchUp(eventStore, readStore)
  return readStore
}

/** Every read model built from position 0, in memory. */
export async function rebuildFromLog(eventStore: EventStore): Promise<ReadStore> {
  const readStore = await createEmbeddedReadStore({})
  await catchUp(eventStore, readStore)
  return readStore
}

export async function collectionsOf(readStore: ReadStore): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {}
  for (const name of allProjectors.flatMap((p) => p.collections)) {
    result[name] = await readStore.collection(name).find({}, { sort: { _id: 1 } })
  }
  return result
}
