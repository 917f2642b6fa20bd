import { pino, type Logger } from 'pino'
import type { Config } from './config'

/** The logger of a projection or scheduler process: JSON lines tagged with its role. */
export function processLogger(config: Pick<Config, 'logLevel'>, component: string): Logger {
  return pino({ level: config.logLevel, redact: { paths: ['*.password', '*.token'], censor: '[redacted]' } }).child({
    component,
  })
}

/** Something a process holds until it ends: a runner or scheduler (`stop`) or an adapter (`close`). */
export type Held = { stop(): Promise<void> } | { close(): Promise<unknown> }

/**
 * How every process role ends: on SIGTERM or SIGINT it stops and closes what it holds, in order
 * (runners first, so they let their leases go and another process takes over at once rather than
 * after the expiry), and exits.
 */
export function closeOnSignal(held: readonly Held[], log: (message: string) => void): void {
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    log(`${signal}: shutting down`)
    try {
      for (const each of held) await ('stop' in each ? each.stop() : each.close())
      process.exit(0)
    } catch (error) {
      console.error('shutdown failed', error)
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

/** The projection and scheduler processes share their store with others; the embedded column has none to share. */
export function requireDistributedColumn(column: 'embedded' | 'distributed', role: string): void {
  if (column === 'distributed') return
  console.error(
    [
      `${role} runs as its own process only in the distributed column (EVENTSTORE_URL and MONGO_URL set).`,
      'In the embedded column `npm start` runs every role in one process, where its read store lives.',
    ].join('\n'),
  )
  process.exit(2)
}
