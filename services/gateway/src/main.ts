import { loadConfig } from '@reelmates/infra/config'
import { buildApp } from './app'
import { openPlatform } from './composition'
import { shutdownOnSignals } from './http/shutdown'

// Embedded column: this one process runs every role. Distributed column: it serves HTTP only, and
// the projection and scheduler processes run beside it (`npm run start:projections`, `start:scheduler`).
const config = loadConfig()
const platform = await openPlatform(config)
const app = await buildApp(platform)

shutdownOnSignals({
  app,
  closePlatform: () => platform.close(),
  flushSnapshot: () => platform.readStore.flush(),
  logger: platform.logger,
  deadlineMs: config.shutdownDeadlineMs,
})

await app.listen({ host: config.host, port: config.port })
app.log.info(`Reelmates (${config.column} column) at ${config.publicUrl} — data in ${config.dataDir}`)
