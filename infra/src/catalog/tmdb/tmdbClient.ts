import { setTimeout as delay } from 'node:timers/promises'

/**
 * TMDB API v3 over HTTP with a bearer token (the "API Read Access Token" of a TMDB account).
 * A 429 (TMDB's rate limit) is retried after the Retry-After it sends, a bounded number of times
 * and never longer than `maxRetryDelayMs` per wait, so a burst of traffic slows down instead of failing;
 * a connection reset before the answer is retried at once, within the same number of tries.
 */
export interface TmdbClient {
  get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T>
}

export interface TmdbClientOptions {
  apiToken: string
  /** e.g. https://api.themoviedb.org/3; tests point it at a local server. */
  baseUrl: string
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  maxRetries?: number
  maxRetryDelayMs?: number
  timeoutMs?: number
}

export class TmdbHttpError extends Error {
  override readonly name = 'TmdbHttpError'
  constructor(
    readonly status: number,
    readonly path: string,
    readonly statusMessage: string,
  ) {
    super(
      status === 401
        ? `TMDB refused the API token (401${statusMessage ? `: ${statusMessage}` : ''}). TMDB_API_TOKEN must be the "API Read Access Token" of a TMDB account, not the short API key.`
        : `TMDB answered ${status} to ${path}${statusMessage ? `: ${statusMessage}` : ''}`,
    )
  }
}

/** Retry-After is either seconds or an HTTP date; absent or unreadable, back off exponentially. */
export function retryDelayMs(retryAfter: string | null, attempt: number, now: number, cap: number): number {
  let ms = 500 * 2 ** attempt
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter)
    if (Number.isFinite(seconds)) ms = Math.max(0, seconds * 1000)
    else {
      const date = Date.parse(retryAfter)
      if (!Number.isNaN(date)) ms = Math.max(0, date - now)
    }
  }
  return Math.min(ms, cap)
}

/**
 * A kept-alive connection that the other end closed just as it was reused fails before any answer
 * (undici's "fetch failed", caused by a reset). Every call here is a GET, so sending it again on a
 * new connection is safe; a timeout or a refused connection is not retried (TMDB is then down).
 */
function isConnectionReset(error: unknown): boolean {
  if (!(error instanceof TypeError) || typeof error.cause !== 'object' || error.cause === null) return false
  const code = (error.cause as { code?: unknown }).code
  return code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET'
}

async function statusMessageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { status_message?: unknown }
    return typeof body.status_message === 'string' ? body.status_message : ''
  } catch {
    return ''
  }
}

export function createTmdbClient(options: TmdbClientOptions): TmdbClient {
  const doFetch = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => delay(ms))
  const maxRetries = options.maxRetries ?? 3
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000
  const timeoutMs = options.timeoutMs ?? 10_000
  const base = options.baseUrl.replace(/\/$/, '')

  return {
    async get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
      const url = new URL(`${base}${path}`)
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) url.searchParams.set(name, String(value))
      }
      for (let attempt = 0; ; attempt++) {
        let response: Response
        try {
          response = await doFetch(url, {
            headers: { Authorization: `Bearer ${options.apiToken}`, Accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
          })
        } catch (error) {
          if (attempt < maxRetries && isConnectionReset(error)) continue
          throw error
        }
        if (response.ok) return (await response.json()) as T
        if (response.status === 429 && attempt < maxRetries) {
          await response.body?.cancel()
          await sleep(retryDelayMs(response.headers.get('retry-after'), attempt, Date.now(), maxRetryDelayMs))
          continue
        }
        throw new TmdbHttpError(response.status, path, await statusMessageOf(response))
      }
    },
  }
}
