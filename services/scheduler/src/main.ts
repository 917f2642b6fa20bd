/**
 * `npm run start:scheduler`: a scheduler process of the distributed column. Run two or more: each
 * reaction runs in the one process holding its lease, and another takes over when that one dies.
 */
import '@reelmates/contracts/allEvents'
import {
  openEventLog,
  openJobBackend,
  openLeaseStore,
  openMailer,
  openReadStore,
  processOwnerId,
} from '@reelmates/infra/column'
import { loadConfigOrExit } from '@reelmates/infra/config'
import { closeOnSignal, processLogger, requireDistributedColumn } from '@reelmates/infra/processRole'
import { createMongoSessionStore } from '@reelmates/infra/sessions/mongoSessionStore'
import { createMongoIdempotencyStore } from '@reelmates/infra/idempotency/mongoIdempotencyStore'
import { createWebPushSender } from '@reelmates/infra/push/webPushSender'
import { createCatalog } from '@reelmates/infra/catalog/createCatalog'
import { startScheduler } from './index'
import { unsubscribeSecretFrom } from './campaigns/unsubscribe'

const config = loadConfigOrExit()
requireDistributedColumn(config.column, 'The scheduler')
if (!config.mongo) throw new Error('The distributed column has MONGO_URL')
const logger = processLogger(config, 'scheduler')
const { rawEventStore, eventStore, vault } = await openEventLog(config)
const readStore = await openReadStore(config)
const leases = await openLeaseStore(config)
const mailer = await openMailer(config)
const jobBackend = openJobBackend(config)
await jobBackend.connect()
// Only to end a deleted user's sessions; sessions live as long as the gateway says, not here.
const sessions = await createMongoSessionStore({ ...config.mongo, ttlMs: 24 * 60 * 60_000 })
// Only to erase a deleted user's recorded answers (a profile save answers the whole profile).
const idempotency = await createMongoIdempotencyStore(config.mongo)
// The gateways' catalog (TMDB when configured, sharing their cache): digests tell what streams where.
const catalog = await createCatalog({
  config,
  readStore,
  onError: (message, error) => logger.warn({ err: error }, message),
})
const scheduler = await startScheduler({
  storedLog: rawEventStore,
  eventStore,
  readStore,
  vault,
  mailer,
  sessions,
  idempotency,
  logger,
  leases,
  owner: processOwnerId('scheduler'),
  leaseTiming: config.leases,
  push: config.push ? createWebPushSender(config.push) : null,
  publicUrl: config.publicUrl,
  jobBackend,
  unsubscribeSecret: unsubscribeSecretFrom(config.sessionSecret),
  catalog,
})

closeOnSignal(
  [
    scheduler,
    { close: () => jobBackend.disconnect() },
    leases,
    sessions,
    idempotency,
    mailer,
    readStore,
    eventStore,
    vault,
  ],
  (message) => logger.info(message),
)
logger.info('scheduler process started; each reaction runs while this process holds its lease')
