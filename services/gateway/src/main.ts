import { lockDataDir, DataDirInUse, type DataDirLock } from '@reelmates/infra/dataDirLock'
import { loadConfigOrExit } from '@reelmates/infra/config'
import { buildApp } from './app'
import { openPlatform } from './composition'
import { shutdownOnSignals } from './http/shutdown'

// Embedded column: this one process runs every role. Distributed column: it serves HTTP only, and
// the projection and scheduler processes run beside it (`npm run start:projections`, `start:scheduler`).
const config = loadConfigOrExit()
const dataDirLock = config.column === 'embedded' ? lockOrExit(config.dataDir) : undefined
const platform = await openPlatform(config)
const app = await buildApp(platform)

shutdownOnSignals({
  app,
  closePlatform: async () => {
    await platform.close()
    dataDirLock?.release()
  },
  flushSnapshot: () => platform.readStore.flush(),
  logger: platform.logger,
  deadlineMs: config.shutdownDeadlineMs,
})

await app.listen({ host: config.host, port: config.port })
app.log.info(`Reelmates (${config.column} column) at ${config.publicUrl} — data in ${config.dataDir}`)

/**
 * The embedded server runs every projector and reaction in itself: a second one on the same data
 * directory is refused before it opens a database or takes a lease, in one line and not a stack.
 */
function lockOrExit(dataDir: string): DataDirLock {
  try {
    return lockDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exit(1)
  }
}
