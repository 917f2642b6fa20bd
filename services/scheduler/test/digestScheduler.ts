/**
 * Tests only: the real scheduler as its own process, on the embedded column's storage in DATA_DIR,
 * with its own read models (every projector, following the shared event log) and the time fixed at
 * the instant given as its argument. Once ready it runs the `digests` job a few times at once, as two
 * such processes do side by side, beside agenda's own runs of it.
 */
import '@reelmates/contracts/allEvents'
import { openEventLog, openJobBackend, openLeaseStore, openMailer, processOwnerId } from '@reelmates/infra/column'
import { loadConfig } from '@reelmates/infra/config'
import { closeOnSignal, processLogger } from '@reelmates/infra/processRole'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { createProjectionRunner } from '@reelmates/projections/runner'
import { startScheduler } from '../src/index'

const now = new Date(process.argv[2] ?? 'not a time')
if (Number.isNaN(now.getTime())) throw new Error('give the fake time as the argument')

const config = loadConfig()
const logger = processLogger(config, 'scheduler')
const { rawEventStore, eventStore, vault } = await openEventLog(config)
const leases = await openLeaseStore(config)
const mailer = openMailer(config)
const jobBackend = openJobBackend(config)
await jobBackend.connect()
const readStore = await createEmbeddedReadStore({})
const projections = createProjectionRunner({ eventStore, readStore, projectors: allProjectors, logger })
await projections.start()
if (!(await projections.waitForPosition(await eventStore.headPosition(), 60_000))) throw new Error('read models behind')
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
  push: null,
  jobBackend,
  now: () => now,
})
closeOnSignal(
  [scheduler, projections, { close: () => jobBackend.disconnect() }, leases, mailer, eventStore, vault],
  (message) => logger.info(message),
)
console.log('scheduler ready')
await Promise.all([1, 2, 3].map(() => scheduler.runTimedJob('digests')))
console.log('digests run')
