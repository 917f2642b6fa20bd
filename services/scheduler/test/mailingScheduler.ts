/**
 * Tests only: a scheduler process on the embedded column's storage (the SQLite event store, lease
 * store and mail outbox in DATA_DIR), running one reaction that mails each new member. It runs the
 * scheduler's own machinery (`runReactions`: leases, fenced checkpoints, followLog); only the
 * reaction is the test's. Like every mail reaction it is idempotent per event: it looks in the
 * outbox before sending, which is safe because only the lease holder reacts.
 */
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { openLeaseStore, openMailer, processOwnerId } from '@reelmates/infra/column'
import { loadConfig } from '@reelmates/infra/config'
import { closeOnSignal, processLogger } from '@reelmates/infra/processRole'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import { join } from 'node:path'
import { runReactions, type Reaction } from '../src/index'

const MEMBER_JOINED = 'TestMemberJoined'
const addressOf = (n: number) => `member-${n}@example.com`

const config = loadConfig()
const logger = processLogger(config, 'scheduler')
const storedLog = createSqliteEventStore({ path: join(config.dataDir, 'events.db'), idlePollMs: 50 })
const leases = await openLeaseStore(config)
const mailer = await openMailer(config)
const readStore = await createEmbeddedReadStore({})

const welcome: Reaction = {
  name: 'welcome_mail',
  handles: [MEMBER_JOINED],
  async react(event) {
    const to = addressOf(Number(event.data.n))
    if ((await mailer.list({ to, limit: 1 })).length > 0) return
    // A mail server takes a moment: kill -9 lands mid-run, between sends.
    await new Promise((resolve) => setTimeout(resolve, 20))
    await mailer.send({
      to,
      subject: `Welcome, member ${String(event.data.n)}`,
      text: `sent by ${process.pid}`,
      category: 'test',
    })
  },
}

const scheduler = await runReactions([welcome], {
  storedLog,
  readStore,
  logger,
  leases,
  owner: processOwnerId('scheduler'),
  leaseTiming: config.leases,
})
closeOnSignal([scheduler, leases, mailer, storedLog], (message) => logger.info(message))
console.log('scheduler ready')
