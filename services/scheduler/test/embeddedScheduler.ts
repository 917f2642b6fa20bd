/**
 * Tests only: the real scheduler (`startScheduler`, every reaction and mail) as its own process on
 * the embedded column's storage in DATA_DIR, so two of them can share one event store, lease store
 * and outbox, and one can be killed mid-run.
 */
import '@reelmates/contracts/allEvents'
import { openEventLog, openJobBackend, openLeaseStore, openMailer, processOwnerId } from '@reelmates/infra/column'
import { loadConfig } from '@reelmates/infra/config'
import { closeOnSignal, processLogger } from '@reelmates/infra/processRole'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { startScheduler } from '../src/index'
import { unsubscribeSecretFrom } from '../src/campaigns/unsubscribe'

const config = loadConfig()
const logger = processLogger(config, 'scheduler')
const { rawEventStore, eventStore, vault } = await openEventLog(config)
const leases = await openLeaseStore(config)
const mailer = openMailer(config)
// The embedded column's job store in DATA_DIR, shared by the processes as their leases are.
const jobBackend = openJobBackend(config)
await jobBackend.connect()
const readStore = await createEmbeddedReadStore({})
const scheduler = await startScheduler({
  storedLog: rawEventStore,
  eventStore,
  readStore,
  vault,
  mailer,
  sessions: { eraseUser: () => Promise.resolve() },
  logger,
  leases,
  owner: processOwnerId('scheduler'),
  leaseTiming: config.leases,
  publicUrl: config.publicUrl,
  // No push service here: these processes are about mails and leases.
  push: null,
  jobBackend,
  unsubscribeSecret: unsubscribeSecretFrom(config.sessionSecret),
})
closeOnSignal([scheduler, { close: () => jobBackend.disconnect() }, leases, mailer, eventStore, vault], (message) =>
  logger.info(message),
)
console.log('scheduler ready')
