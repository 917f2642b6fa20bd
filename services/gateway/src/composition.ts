import '@reelmates/contracts/allEvents'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { Config } from '@reelmates/infra/config'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { createEventStoreDbEventStore } from '@reelmates/infra/eventStore/eventStoreDbEventStore'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { createMongoReadStore } from '@reelmates/infra/readStore/mongoReadStore'
import { createSqliteVault } from '@reelmates/infra/personalData/sqliteVault'
import { createMongoVault } from '@reelmates/infra/personalData/mongoVault'
import { protectPersonalData } from '@reelmates/infra/personalData/protectedEventStore'
import { createMailer } from '@reelmates/infra/mail/mailer'
import { createSqliteSessionStore } from '@reelmates/infra/sessions/sqliteSessionStore'
import { createMongoSessionStore } from '@reelmates/infra/sessions/mongoSessionStore'
import type { IdempotencyStore } from '@reelmates/infra/idempotency/port'
import { createSqliteIdempotencyStore } from '@reelmates/infra/idempotency/sqliteIdempotencyStore'
import { createMongoIdempotencyStore } from '@reelmates/infra/idempotency/mongoIdempotencyStore'
import { createCatalog } from '@reelmates/infra/catalog/createCatalog'
import { createProjectionRunner } from '@reelmates/projections/runner'
import { allProjectors } from '@reelmates/projections/allProjectors'
import type { Projector } from '@reelmates/projections/projector'
import { startScheduler } from '@reelmates/scheduler'
import { createLogger } from './http/logging'
import type { Platform, SessionStore } from './platform'

const sessionTtlMs = 30 * 24 * 60 * 60 * 1000

export interface PlatformOverrides {
  now?: () => Date
  /** Where the logs go (stdout by default); tests read them to check what is never written. */
  logDestination?: NodeJS.WritableStream
  /** The read models to keep (all of them by default); tests add a slow one to see queries wait. */
  projectors?: readonly Projector[]
}

export interface EventLog {
  /** The log as stored: personal fields are ciphertext. */
  rawEventStore: EventStore
  /** The same log with personal fields decrypted on read and encrypted on append. */
  eventStore: EventStore
  vault: PersonalDataVault
}

/** The event log of the configured column and the vault of its personal-data keys (tools open only this). */
export async function openEventLog(config: Config): Promise<EventLog> {
  let rawEventStore: EventStore
  let vault: PersonalDataVault
  if (config.column === 'distributed' && config.eventStoreUrl && config.mongo) {
    rawEventStore = await createEventStoreDbEventStore({ connectionString: config.eventStoreUrl })
    vault = await createMongoVault({ ...config.mongo, secret: config.personalDataSecret })
  } else {
    rawEventStore = createSqliteEventStore({ path: join(config.dataDir, 'events.db') })
    vault = createSqliteVault({ path: join(config.dataDir, 'personal-data.db'), secret: config.personalDataSecret })
  }
  return { rawEventStore, eventStore: protectPersonalData(rawEventStore, vault), vault }
}

/**
 * The composition root: the one place that picks the embedded or the distributed column from the
 * configuration and wires the adapters together.
 */
export async function openPlatform(config: Config, overrides: PlatformOverrides = {}): Promise<Platform> {
  const closers: (() => Promise<void>)[] = []
  const logger = createLogger(config, overrides.logDestination)
  const { rawEventStore, eventStore, vault } = await openEventLog(config)
  let readStore: ReadStore
  let sessions: SessionStore
  let idempotency: IdempotencyStore

  if (config.column === 'distributed' && config.mongo) {
    readStore = await createMongoReadStore(config.mongo)
    sessions = await createMongoSessionStore({ ...config.mongo, ttlMs: sessionTtlMs })
    idempotency = await createMongoIdempotencyStore(config.mongo)
  } else {
    readStore = await createEmbeddedReadStore({ snapshotPath: join(config.dataDir, 'read-models.db') })
    sessions = createSqliteSessionStore({ path: join(config.dataDir, 'sessions.db'), ttlMs: sessionTtlMs })
    idempotency = createSqliteIdempotencyStore({ path: join(config.dataDir, 'idempotency.db') })
  }
  const mailer = createMailer({
    ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
    from: config.mailFrom,
    outboxPath: join(config.dataDir, 'outbox.db'),
  })
  const catalog = await createCatalog({
    config,
    readStore,
    onError: (message, error) => logger.warn({ err: error }, message),
  })
  const projections = createProjectionRunner({
    eventStore,
    readStore,
    projectors: overrides.projectors ?? allProjectors,
    logger: logger.child({ component: 'projections' }),
  })
  await projections.start()
  const scheduler = await startScheduler({
    storedLog: rawEventStore,
    eventStore,
    readStore,
    vault,
    mailer,
    sessions,
    logger: logger.child({ component: 'scheduler' }),
  })

  if (config.column === 'embedded') {
    // The embedded read store lives in memory; a periodic snapshot bounds what a restart must replay.
    const timer = setInterval(() => void readStore.flush(), config.snapshotIntervalMs)
    timer.unref()
    closers.push(async () => clearInterval(timer))
  }

  return {
    config,
    eventStore,
    readStore,
    vault,
    mailer,
    sessions,
    idempotency,
    projections,
    scheduler,
    catalog,
    logger,
    now: overrides.now ?? (() => new Date()),
    newId: randomUUID,
    async close() {
      for (const close of closers) await close()
      await scheduler.stop()
      await projections.stop()
      await readStore.flush()
      await readStore.close()
      await mailer.close()
      await idempotency.close()
      await vault.close()
      await eventStore.close()
      if ('close' in sessions && typeof sessions.close === 'function') await (sessions.close as () => Promise<void>)()
    },
  }
}
