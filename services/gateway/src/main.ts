import { loadConfig } from '@reelmates/infra/config'
import { buildApp } from './app'
import { openPlatform } from './composition'

const config = loadConfig()
const platform = await openPlatform(config)
const app = await buildApp(platform)

let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  await app.close()
  await platform.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

await app.listen({ host: config.host, port: config.port })
app.log.info(`Reelmates (${config.column} column) at ${config.publicUrl} — data in ${config.dataDir}`)
