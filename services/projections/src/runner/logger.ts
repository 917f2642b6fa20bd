/** The slice of pino the runner uses, so the gateway can hand over its own logger. */
export interface RunnerLogger {
  info: (details: object, message: string) => void
  warn: (details: object, message: string) => void
  error: (details: object, message: string) => void
}

/** Without a logger, problems still reach stderr: a stopped read model must never go unnoticed. */
export const consoleLogger: RunnerLogger = {
  info: () => undefined,
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
}
