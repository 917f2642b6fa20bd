import '@reelmates/contracts/allEvents'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { Config } from '@reelmates/infra/config'
import { openEventLog, openJobBackend, openLeaseStore, openMailer } from '@reelmates/infra/column'
import { createSqliteSessionStore } from '@reelmates/infra/sessions/sqliteSessionStore'
import { createMongoSessionStore } from '@reelmates/infra/sessions/mongoSessionStore'
import type { IdempotencyStore } from '@reelmates/infra/idempotency/port'
import { createSqliteIdempotencyStore } from '@reelmates/infra/idempotency/sqliteIdempotencyStore'
import { createMongoIdempotencyStore } from '@reelmates/infra/idempotency/mongoIdempotencyStore'
import { createCatalog } from '@reelmates/infra/catalog/createCatalog'
import { createWebPushSender } from '@reelmates/infra/push/webPushSender'
import { createProjectionRunner, type ProjectionRunner } from '@reelmates/projections/runner'
import { watchRemoteProjections } from '@reelmates/projections/remoteRunner'
import { allProjectors } from '@reelmates/projections/allProjectors'
import type { Projector } from '@reelmates/projections/projector'
import { schedulerReactions, startScheduler, type Scheduler } from '@reelmates/scheduler'
import { watchRemoteReactions } from '@reelmates/scheduler/remoteScheduler'
import { unsubscribeSecretFrom } from '@reelmates/scheduler/campaigns/unsubscribe'
import { createLogger } from './http/logging'
import type { Platform, SessionStore } from './platform'
import { scryptPasswords } from './account/passwords'
import { openReadModels } from './readModels'
import { sessionLife } from './http/sessionRenewal'

export { openEventLog, type EventLog } from '@reelmates/infra/column'

export interface PlatformOverrides {
  now?: () => Date
  /** Where the logs go (stdout by default); tests read them to check what is never written. */
  logDestination?: NodeJS.WritableStream
  /** The read models to keep (all of them by default); tests add a slow one to see queries wait. */
  projectors?: readonly Projector[]
}

/**
 * The composition root: the one place that picks the embedded or the distributed column from the
 * configuration and wires the adapters together.
 */
export async function openPlatform(config: Config, overrides: PlatformOverrides = {}): Promise<Platform> {
  const closers: (() => Promise<void>)[] = []
  const logger = createLogger(config, overrides.logDestination)
  const { rawEventStore, eventStore, vault } = await openEventLog(config)
  const readModels = await openReadModels(config, eventStore, logger)
  const { readStore } = readModels
  const sessions: SessionStore =
    config.column === 'distributed' && config.mongo
      ? await createMongoSessionStore({ ...config.mongo, ttlMs: sessionLife.lifetimeMs })
      : createSqliteSessionStore({ path: join(config.dataDir, 'sessions.db'), ttlMs: sessionLife.lifetimeMs })
  const idempotency: IdempotencyStore =
    config.column === 'distributed' && config.mongo
      ? await createMongoIdempotencyStore(config.mongo)
      : createSqliteIdempotencyStore({ path: join(config.dataDir, 'idempotency.db') })
  const mailer = await openMailer(config)
  const leases = await openLeaseStore(config)
  const jobBackend = openJobBackend(config)
  await jobBackend.connect()
  const catalog = await createCatalog({
    config,
    readStore,
    onError: (message, error) => logger.warn({ err: error }, message),
    // Cached answers age on the platform's clock, so a test's week is a week for the cache too.
    ...(overrides.now ? { now: overrides.now } : {}),
  })
  const projectors = overrides.projectors ?? allProjectors
  let projections: ProjectionRunner
  let scheduler: Scheduler
  if (config.column === 'embedded') {
    // One process runs every role: the read store lives in it, so its projectors must run here too.
    projections = createProjectionRunner({
      eventStore,
      readStore,
      projectors,
      logger: logger.child({ component: 'projections' }),
    })
    await projections.start()
    scheduler = await startScheduler({
      storedLog: rawEventStore,
      eventStore,
      readStore,
      vault,
      mailer,
      sessions,
      idempotency,
      logger: logger.child({ component: 'scheduler' }),
      leases,
      // The same owner across restarts: a restarted process takes its reactions back at once
      // instead of waiting for the leases of the process it replaces to expire.
      owner: `embedded:${config.dataDir}`,
      leaseTiming: config.leases,
      push: config.push ? createWebPushSender(config.push) : null,
      publicUrl: config.publicUrl,
      jobBackend,
      // One embedded server per data directory (its lock): a job lock it finds at start is its own.
      soleJobRunner: true,
      unsubscribeSecret: unsubscribeSecretFrom(config.sessionSecret),
      ...(overrides.now ? { now: overrides.now } : {}),
      catalog,
    })
  } else {
    // Gateways run no projector or reactor: those run in the projection and scheduler processes
    // (`services/projections/src/main.ts`, `services/scheduler/src/main.ts`); here we only watch
    // their checkpoints, for read-your-writes.
    projections = watchRemoteProjections({ readStore, projectors })
    await projections.start()
    scheduler = watchRemoteReactions({ leases, readStore, reactions: schedulerReactions })
  }

  // The snapshot is a cache of the event log, where every acknowledged write already is: a flush that
  // fails (read-only directory, full disk) is logged and tried again, never a reason to stop serving.
  const flushSnapshot = () =>
    readStore
      .flush()
      .catch((error: unknown) =>
        logger.warn(
          { err: error },
          'read-model snapshot not written: the next flush tries again (a restart replays what it lacks from the event log)',
        ),
      )
  if (config.column === 'embedded') {
    // The embedded read store lives in memory; a periodic snapshot bounds what a restart must replay.
    const timer = setInterval(() => void flushSnapshot(), config.snapshotIntervalMs)
    timer.unref()
    closers.push(async () => clearInterval(timer))
  }

  return {
    config,
    eventStore,
    readStore,
    vault,
    passwords: scryptPasswords(config.passwordHashCost),
    mailer,
    sessions,
    idempotency,
    projections,
    scheduler,
    catalog,
    jobs: jobBackend.repository,
    logger,
    now: overrides.now ?? (() => new Date()),
    newId: randomUUID,
    async close() {
      for (const close of closers) await close()
      await scheduler.stop()
      await projections.stop()
      await flushSnapshot()
      await readStore.close()
      readModels.afterClose()
      await leases.close()
      await jobBackend.disconnect()
      await mailer.close()
      await idempotency.close()
      await vault.close()
      await eventStore.close()
      if ('close' in sessions && typeof sessions.close === 'function') await (sessions.close as () => Promise<void>)()
    },
  }
}
