import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'

export interface ShutdownOptions {
  app: FastifyInstance
  /** Closes the stores; in the embedded column this writes the read-model snapshot. */
  closePlatform: () => Promise<void>
  /** Writes the read-model snapshot; safe at any moment, a no-op once the store is closed. */
  flushSnapshot: () => Promise<void>
  logger: Logger
  deadlineMs: number
}

const timedOut = Symbol('timed out')

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof timedOut> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), Math.max(0, ms))
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}

/**
 * A stop that always ends: on SIGTERM or SIGINT (or an uncaught error) the listener closes and open
 * connections get half the deadline to finish their requests before they are cut; then the stores
 * close, which writes the read-model snapshot. Whatever hangs, the snapshot is written before the
 * deadline and the process exits at it (close-with-grace). A second signal exits at once.
 */
export function shutdownOnSignals({ app, closePlatform, flushSnapshot, logger, deadlineMs }: ShutdownOptions): void {
  closeWithGrace(
    {
      delay: deadlineMs,
      logger: { error: (message: unknown) => logger.error(String(message)) },
      onSecondSignal: (signal) => logger.warn({ signal }, 'second signal during shutdown: exiting now'),
      onTimeout: (delay) => logger.error({ deadlineMs: delay }, 'shutdown deadline reached: exiting now'),
    },
    async ({ signal, err }) => {
      const start = Date.now()
      if (err) logger.error({ err }, 'shutting down after an uncaught error')
      else logger.info({ signal }, 'shutting down')
      const left = () => deadlineMs - (Date.now() - start)

      if ((await within(app.close(), deadlineMs / 2)) === timedOut) {
        // Requests still running, or sockets that never finished sending one: they are cut, not waited for.
        logger.warn('connections still open after half the shutdown deadline: closing them')
        app.server.closeAllConnections()
      }
      // A quarter of the deadline stays in reserve for the snapshot if closing the stores hangs.
      if ((await within(closePlatform(), left() - deadlineMs / 4)) === timedOut) {
        logger.warn('the stores did not close in time: writing the read-model snapshot and exiting')
        await within(flushSnapshot(), left() - 100)
        throw new Error('shutdown did not finish in time')
      }
    },
  )
}
