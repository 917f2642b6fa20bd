import { isActingRead } from '@reelmates/contracts/actingReads'
import { ApiError, errorFromResponse, requestMessages } from './apiError'
import { isProxyWithoutServer, serverAnswered, serverUnanswered } from './connection'
import { newIdempotencyKey } from './idempotencyKey'
import { forgetPositions, minPositionHeader, rememberPosition } from './readYourWrites'
import { setSignedInAs, signedInAsFor } from './signedInAs'

/**
 * The one request client of the app (spec §7). Components never call fetch: they use `apiRequest`,
 * `apiJson` or the query function built on them.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  method?: Method
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /**
   * The user action this change belongs to (`newIdempotencyKey()`, made once per action). Sent as
   * `Idempotency-Key`, so the server does the change once however often the request is sent again.
   * A state-changing request without one gets its own.
   */
  idempotencyKey?: string
  /**
   * The request outlives the page (fetch's `keepalive`): a mark of what was seen or read, sent as the
   * person reloads or leaves, still reaches the server.
   */
  keepalive?: boolean
}

const stateChanging = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Every URL gets `_ts` so no cache between us and the server can answer an old copy. */
export function withTimestamp(path: string, now: number = Date.now()): string {
  const [base, hash] = path.split('#', 2) as [string, string | undefined]
  const joined = `${base}${base.includes('?') ? '&' : '?'}_ts=${now}`
  return hash === undefined ? joined : `${joined}#${hash}`
}

let csrfToken: Promise<string> | undefined

/** The CSRF token from GET /api/csrf-token, fetched once per session and again after a refusal. */
export function fetchCsrfToken(): Promise<string> {
  csrfToken ??= apiJson<{ csrfToken: string }>('/api/csrf-token').then(
    (answer) => answer.csrfToken,
    (error: unknown) => {
      csrfToken = undefined
      throw error
    },
  )
  return csrfToken
}

export function forgetCsrfToken(): void {
  csrfToken = undefined
}

/** Forgets everything the client remembers about the session (logout). */
export function resetRequestClient(): void {
  forgetCsrfToken()
  forgetPositions()
  setSignedInAs(null)
}

async function send(path: string, options: RequestOptions, csrf: string | undefined): Promise<Response> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Cache-Control': 'no-cache, no-store, must-revalidate',
    Pragma: 'no-cache',
    ...(stateChanging.has(method) ? {} : minPositionHeader()),
    ...(csrf ? { 'CSRF-Token': csrf } : {}),
    ...options.headers,
  }
  const hasBody = options.body !== undefined
  // A file (an avatar picture) goes as its own bytes and type; everything else as JSON.
  const file = options.body instanceof Blob ? options.body : null
  if (hasBody) headers['Content-Type'] = file ? file.type || 'application/octet-stream' : 'application/json'
  let response: Response
  try {
    response = await fetch(withTimestamp(path), {
      method,
      headers,
      body: file ?? (hasBody ? JSON.stringify(options.body) : null),
      credentials: 'include',
      mode: 'cors',
      cache: 'no-store',
      signal: options.signal ?? null,
      ...(options.keepalive ? { keepalive: true } : {}),
    })
  } catch (error) {
    if (options.signal?.aborted) throw error
    serverUnanswered()
    throw new ApiError(requestMessages.network, 0, undefined)
  }
  if (isProxyWithoutServer(response)) {
    serverUnanswered()
    throw new ApiError(requestMessages.network, 0, undefined)
  }
  serverAnswered()
  return response
}

/** A 403 about the CSRF token (not a permission refusal), e.g. after the session changed at sign-in. */
async function refusedCsrf(response: Response): Promise<boolean> {
  if (response.status !== 403) return false
  const text = await response
    .clone()
    .text()
    .catch(() => '')
  return /csrf/i.test(text)
}

const refusalListeners = new Set<(error: ApiError) => void>()

/**
 * Tells `listener` of every request the server refused, however it was made: by a query or a change,
 * or by a screen's own call (the profile's save, the avatar, deleting the account), so that a 401
 * from any of them has the app ask who is signed in (features/account/sessionRecheck.ts). Told
 * through the query client alone, a profile saved after logging out in another tab failed with "You
 * need to sign in first" again and again, the page still showing the member signed in.
 */
export function onRefusal(listener: (error: ApiError) => void): () => void {
  refusalListeners.add(listener)
  return () => refusalListeners.delete(listener)
}

/**
 * Sends a request and returns the raw response after the error check (spec §7: the shared helper).
 * State-changing requests and the GETs that act carry the CSRF token; a token the server no longer
 * knows (a new session after sign-in) is refreshed once.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET'
  const changes = stateChanging.has(method)
  // A GET that spends a mailed token is guarded as a change is (`actingReads`).
  const needsCsrf = changes || isActingRead(path.split('?', 1)[0] ?? path)
  let sent: RequestOptions = options
  if (changes) {
    const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey()
    const member = signedInAsFor(idempotencyKey)
    sent = {
      ...options,
      headers: {
        'Idempotency-Key': idempotencyKey,
        // Never done as another member than the one who made it (lib/signedInAs).
        ...(member ? { 'Signed-In-As': member } : {}),
        ...options.headers,
      },
    }
  }
  let response = await sendOnce(path, sent, needsCsrf, changes)
  if (needsCsrf && (await refusedCsrf(response))) {
    forgetCsrfToken()
    response = await send(path, sent, await fetchCsrfToken())
  }
  if (changes) response = await untilHandled(response, () => sendOnce(path, sent, needsCsrf, changes))
  if (!response.ok) {
    const error = await errorFromResponse(response)
    console.error(`${method} ${path} failed (${error.status}): ${error.message}`)
    for (const listener of refusalListeners) listener(error)
    throw error
  }
  return response
}

/** How many times a change the server is still making is asked after, a second or so apart. */
const stillHandledTries = 8

/**
 * A change sent again (its first answer was lost, or it waited on the device) while the server is
 * still making the first: the server's 409 with Retry-After says so, and is no refusal. Asked again
 * under the same key, it answers what the first did. Past the last try it is unanswered (status 0),
 * so the change keeps waiting instead of being undone as if refused.
 */
async function untilHandled(response: Response, again: () => Promise<Response>): Promise<Response> {
  let current = response
  for (let tries = 0; current.status === 409 && current.headers.has('Retry-After'); tries++) {
    if (tries === stillHandledTries) {
      const error = await errorFromResponse(current)
      throw new ApiError(error.message, 0)
    }
    const seconds = Math.min(Math.max(Number(current.headers.get('Retry-After')) || 0, 0), 5)
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    current = await again()
  }
  return current
}

/**
 * A change whose connection dropped is sent once more with the same `Idempotency-Key`: if the first
 * one reached the server, the server answers what it answered then instead of doing it twice. Not
 * while the device is offline: the second try would fail the same way, and the changes waiting
 * offline are tried again on a timer, so each of its tries would go out twice. A GET that acts has no
 * key, so it is not sent again: its token may already be spent.
 */
async function sendOnce(
  path: string,
  options: RequestOptions,
  needsCsrf: boolean,
  changes: boolean,
): Promise<Response> {
  const csrf = needsCsrf ? await fetchCsrfToken() : undefined
  try {
    return await send(path, options, csrf)
  } catch (error) {
    if (!changes || !(error instanceof ApiError) || error.status !== 0 || !navigator.onLine) throw error
    return send(path, options, csrf)
  }
}

/** Sends a request and parses the JSON answer; remembers the log position of state-changing answers. */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options)
  if (response.status === 204) return undefined as T
  const text = await response.text()
  if (text === '') return undefined as T
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    console.error(`${options.method ?? 'GET'} ${path}: the answer is not JSON`)
    throw new ApiError(requestMessages.invalidResponse, response.status, text)
  }
  if (stateChanging.has(options.method ?? 'GET')) rememberPosition(body)
  return body as T
}

/** The shape the feature modules (catalog, library) take: GET and a state-changing send. */
export const requests = {
  get: <T>(path: string): Promise<T> => apiJson<T>(path),
  /** `idempotencyKey`: the user action the change belongs to, when it may be sent more than once. */
  send: <T>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    { idempotencyKey, keepalive }: { idempotencyKey?: string; keepalive?: boolean } = {},
  ): Promise<T> =>
    apiJson<T>(path, {
      method,
      body,
      ...(idempotencyKey ? { idempotencyKey } : {}),
      ...(keepalive ? { keepalive } : {}),
    }),
}
