import type { Logger } from 'pino'
import type { Config } from '@reelmates/infra/config'
import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { IdempotencyStore } from '@reelmates/infra/idempotency/port'
import type { Mailer } from '@reelmates/infra/mail/port'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { SessionEnd } from '@reelmates/infra/sessions/port'
import type { Catalog } from '@reelmates/infra/catalog/port'
import type { ProjectionRunner } from '@reelmates/projections/runner'
import type { Scheduler } from '@reelmates/scheduler'
import type { JobsView } from '@reelmates/scheduler/failures'
import type { SessionStore as FastifySessionStore } from '@fastify/session'
import type { Passwords } from './account/passwords'

/**
 * Everything a route may use, chosen once by the composition root (`openPlatform`) from the
 * configuration. Routes never know which column (embedded or distributed) they run on.
 */
export interface Platform {
  config: Config
  /** Personal fields of events are encrypted on append and decrypted on read. */
  eventStore: EventStore
  readStore: ReadStore
  vault: PersonalDataVault
  passwords: Passwords
  mailer: Mailer
  sessions: SessionStore
  /** The recorded answers of requests sent with an `Idempotency-Key`. */
  idempotency: IdempotencyStore
  projections: ProjectionRunner
  /** Reactions to events that act outside the read models (erasure of deleted accounts, for now). */
  scheduler: Scheduler
  catalog: Catalog
  /** agenda's job store (SQLite or MongoDB), read for the admins' list of failed jobs. */
  jobs: JobsView
  logger: Logger
  now: () => Date
  newId: () => string
  close: () => Promise<void>
}

/**
 * The durable store behind @fastify/session, able to end every session of a user (for a deleted
 * account, leaving a marker that says so: infra/src/sessions/port.ts).
 */
export interface SessionStore extends FastifySessionStore {
  eraseUser(userId: string, because?: SessionEnd): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform
  }
}
