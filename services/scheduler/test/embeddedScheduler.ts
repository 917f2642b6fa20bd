/**
 * Tests only: the real scheduler (`startScheduler`, every reaction and mail) as its own process on
 * the embedded column's storage in DATA_DIR, so two of them can share one event store, lease store
 * and outbox, and one can be killed mid-run.
 *
 * With `--now <iso> --run <job>` the clock is fixed at that instant, the process keeps its own read
 * models (every projector, following the shared log: what time-driven jobs read), and once ready it
 * runs the job a few times at once, beside agenda's own runs of it.
 */
import '@reelmates/contracts/allEvents'
import { parseArgs } from 'node:util'
import { openEventLog, openJobBackend, openLeaseStore, openMailer, processOwnerId } from '@reelmates/infra/column'
import { loadConfig } from '@reelmates/infra/config'
import { closeOnSignal, processLogger } from '@reelmates/infra/processRole'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { createProjectionRunner } from '@reelmates/projections/runner'
import { startScheduler } from '../src/index'
import { unsubscribeSecretFrom } from '../src/campaigns/unsubscribe'

const { values: args } = parseArgs({ options: { now: { type: 'string' }, run: { type: 'string' } } })
const fixedNow = args.now === undefined ? null : new Date(args.now)

const config = loadConfig()
const logger = processLogger(config, 'scheduler')
const { rawEventStore, eventStore, vault } = await openEventLog(config)
const leases = await openLeaseStore(config)
const mailer = await openMailer(config)
// The embedded column's job store in DATA_DIR, shared by the processes as their leases are.
const jobBackend = openJobBackend(config)
await jobBackend.connect()
const readStore = await createEmbeddedReadStore({})
const projections = fixedNow
  ? createProjectionRunner({ eventStore, readStore, projectors: allProjectors, logger })
  : null
if (projections) {
  await projections.start()
  if (!(await projections.waitForPosition(await eventStore.headPosition(), 60_000)))
    throw new Error('read models behind')
}
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
  ...(fixedNow ? { now: () => fixedNow } : {}),
  unsubscribeSecret: unsubscribeSecretFrom(config.sessionSecret),
})
closeOnSignal(
  [
    scheduler,
    ...(projections ? [projections] : []),
    { close: () => jobBackend.disconnect() },
    leases,
    mailer,
    eventStore,
    vault,
  ],
  (message) => logger.info(message),
)
console.log('scheduler ready')
if (args.run) {
  const job = args.run
  await Promise.all([1, 2, 3].map(() => scheduler.runTimedJob(job)))
  console.log(`${job} run`)
}
