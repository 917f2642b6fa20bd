import { loadConfig } from '@reelmates/infra/config'
import { closeOnSignal } from '@reelmates/infra/processRole'
import { buildApp } from './app'
import { openPlatform } from './composition'

// Embedded column: this one process runs every role. Distributed column: it serves HTTP only, and
// the projection and scheduler processes run beside it (`npm run start:projections`, `start:scheduler`).
const config = loadConfig()
const platform = await openPlatform(config)
const app = await buildApp(platform)

closeOnSignal([app, platform], (message) => app.log.info(message))

await app.listen({ host: config.host, port: config.port })
app.log.info(`Reelmates (${config.column} column) at ${config.publicUrl} — data in ${config.dataDir}`)
