/**
 * Opens the adapters of the configured column (embedded or distributed), for every process role:
 * the gateway, the projection runner and the scheduler each compose what they need from these.
 */
import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { Config } from './config'
import { createEventStoreDbEventStore } from './eventStore/eventStoreDbEventStore'
import type { EventStore } from './eventStore/port'
import { createSqliteEventStore } from './eventStore/sqliteEventStore'
import { mongoJobBackendAt, sqliteJobBackend } from './jobs/jobBackends'
import { createMongoLeaseStore } from './leases/mongoLeaseStore'
import type { LeaseStore } from './leases/port'
import { createSqliteLeaseStore } from './leases/sqliteLeaseStore'
import { createMailer } from './mail/mailer'
import { createMongoOutbox } from './mail/mongoOutbox'
import { createSqliteOutbox } from './mail/sqliteOutbox'
import type { Mailer } from './mail/port'
import { createMongoVault } from './personalData/mongoVault'
import type { PersonalDataVault } from './personalData/port'
import { protectPersonalData } from './personalData/protectedEventStore'
import { createSqliteVault } from './personalData/sqliteVault'
import { createEmbeddedReadStore, type EmbeddedReadStoreOptions } from './readStore/embeddedReadStore'
import { createMongoReadStore } from './readStore/mongoReadStore'
import type { ReadStore } from './readStore/port'
import type { AgendaBackend } from 'agenda'

export interface EventLog {
  /** The log as stored: personal fields are ciphertext. */
  rawEventStore: EventStore
  /** The same log with personal fields decrypted on read and encrypted on append. */
  eventStore: EventStore
  vault: PersonalDataVault
}

/** The event log of the configured column and the vault of its personal-data keys. */
export async function openEventLog(config: Config): Promise<EventLog> {
  let rawEventStore: EventStore
  let vault: PersonalDataVault
  if (config.column === 'distributed' && config.eventStoreUrl && config.mongo) {
    rawEventStore = await createEventStoreDbEventStore({ connectionString: config.eventStoreUrl })
    vault = await createMongoVault({ ...config.mongo, secret: config.personalDataSecret })
  } else {
    rawEventStore = createSqliteEventStore({ path: embeddedEventStorePath(config.dataDir) })
    vault = createSqliteVault({ path: join(config.dataDir, 'personal-data.db'), secret: config.personalDataSecret })
  }
  return { rawEventStore, eventStore: protectPersonalData(rawEventStore, vault), vault }
}

/** The embedded event store's file in a data directory: a directory without it holds no Reelmates. */
export const embeddedEventStorePath = (dataDir: string): string => join(dataDir, 'events.db')

/** The embedded read store's snapshot file in the data directory. */
export const readModelSnapshotPath = (config: Config): string => join(config.dataDir, 'read-models.db')

/**
 * MongoDB in the distributed column; in the embedded one, documents in this process (snapshotted to
 * SQLite, read from the snapshot in the background; `onSnapshotRead` hears when that is done).
 */
export function openReadStore(
  config: Config,
  options: Pick<EmbeddedReadStoreOptions, 'onSnapshotRead' | 'onSnapshotDamaged'> = {},
): Promise<ReadStore> {
  return config.column === 'distributed' && config.mongo
    ? createMongoReadStore(config.mongo)
    : createEmbeddedReadStore({ snapshotPath: readModelSnapshotPath(config), ...options })
}

/** One lease store for every process of the column: MongoDB, or a SQLite file in the data directory. */
export function openLeaseStore(config: Config): Promise<LeaseStore> {
  return config.column === 'distributed' && config.mongo
    ? createMongoLeaseStore(config.mongo)
    : Promise.resolve(createSqliteLeaseStore({ path: join(config.dataDir, 'leases.db') }))
}

/** agenda's job store: its MongoDB backend, or a SQLite file in the data directory shared by every process. */
export function openJobBackend(config: Config): AgendaBackend {
  return config.column === 'distributed' && config.mongo
    ? mongoJobBackendAt(config.mongo)
    : sqliteJobBackend({ path: join(config.dataDir, 'jobs.db') })
}

/**
 * The mailer and its outbox: MongoDB in the distributed column, so every scheduler and gateway reads
 * and records one outbox (a lease's next holder sees what the last one sent; admins see every send);
 * a SQLite file in the data directory otherwise.
 */
export async function openMailer(config: Config): Promise<Mailer> {
  const outbox =
    config.column === 'distributed' && config.mongo
      ? await createMongoOutbox(config.mongo)
      : createSqliteOutbox({ path: join(config.dataDir, 'outbox.db') })
  return createMailer({ ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}), from: config.mailFrom, outbox })
}

/** Who this process is in the leases: unique per process, so a successor never mistakes it for itself. */
export const processOwnerId = (role: string): string =>
  `${role}@${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
