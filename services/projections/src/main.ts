/**
 * `npm run start:projections`: a projection process of the distributed column. Run two or more: the
 * one holding the `projections` lease applies the log to the shared read store, the others stand by
 * and one of them takes over when it dies.
 */
import '@reelmates/contracts/allEvents'
import { openEventLog, openLeaseStore, openReadStore, processOwnerId } from '@reelmates/infra/column'
import { loadConfigOrExit } from '@reelmates/infra/config'
import { closeOnSignal, processLogger, requireDistributedColumn } from '@reelmates/infra/processRole'
import { allProjectors } from './allProjectors'
import { createLeasedProjectionRunner } from './leasedRunner'

const config = loadConfigOrExit()
requireDistributedColumn(config.column, 'The projection runner')
const logger = processLogger(config, 'projections')
const { eventStore, vault } = await openEventLog(config)
const readStore = await openReadStore(config)
const leases = await openLeaseStore(config)
const runner = createLeasedProjectionRunner({
  eventStore,
  readStore,
  projectors: allProjectors,
  logger,
  leases,
  owner: processOwnerId('projections'),
  ttlMs: config.leases.ttlMs,
  renewIntervalMs: config.leases.renewIntervalMs,
})

closeOnSignal([runner, leases, readStore, eventStore, vault], (message) => logger.info(message))
await runner.start()
logger.info('projection process started; it applies events while it holds the projections lease')
