import { pino, type Logger, type LoggerOptions } from 'pino'
import type { Config } from '@reelmates/infra/config'

// Query parameters that carry secrets (reset, magic-link and invitation tokens) never reach the logs.
const secretParams = /([?&](?:token|invitationToken|csrfToken|_csrf)=)[^&]*/gi
// The reset mail links to /reset-password/<token> (spec §2): that path segment is as secret as a query token.
const secretPaths = /^(\/reset-password\/)[^/?#]+/i

export function redactUrl(url: string): string {
  return url.replace(secretPaths, '$1[redacted]').replace(secretParams, '$1[redacted]')
}

/**
 * The process's logger: structured JSON, with passwords, tokens and cookies never written. Standard
 * output is written asynchronously: a line written while the previous write is under way joins the
 * next one, instead of one blocking write per line on the event loop (a fixed cost of every request,
 * docs/performance.md). pino flushes what is pending when the process exits.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: NodeJS.WritableStream): Logger {
  return pino(loggerOptions(config), destination ?? pino.destination({ dest: 1, sync: false }))
}

function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["csrf-token"]',
        'req.headers["x-csrf-token"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.confirmPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url) }
      },
    },
  }
}
