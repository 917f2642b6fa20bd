/**
 * Durable session stores for `@fastify/session`, which asks for `set`, `get` and `destroy` with
 * node-style callbacks (the express-session store shape). The gateway keeps the signed-in user's id
 * at the top of the session (`session.userId`), which is what lets account deletion end every session
 * of that user.
 */
import { createHash } from 'node:crypto'

/** A session as @fastify/session hands it over: its data plus the cookie it travels in. Stored as JSON. */
export interface StoredSession {
  userId?: unknown
  cookie?: { expires?: Date | string | null }
  /** Set on what is left of a session whose account was deleted (see `eraseUser`). */
  accountDeleted?: unknown
}

/** Why a user's sessions end, when the devices still holding them should be told. */
export type SessionEnd = 'accountDeleted'

/**
 * `S` is the gateway's session type (`Session` from fastify, augmented with its fields): the stores
 * give back what they were given, as JSON.
 */
export interface SessionStore<S extends StoredSession = StoredSession> {
  set(sessionId: string, session: S, callback: (error?: unknown) => void): void
  get(sessionId: string, callback: (error: unknown, session?: S | null) => void): void
  destroy(sessionId: string, callback: (error?: unknown) => void): void
  /**
   * Ends every session of a user (a new password, a suspension). With `because`, each session is not
   * removed but replaced by a marker that holds no personal data and no user: only its expiry and
   * `accountDeleted: true`, kept until that expiry, so the devices still open on it can say the account
   * was deleted rather than that they were signed out.
   */
  eraseUser(userId: string, because?: SessionEnd): Promise<void>
  close(): Promise<void>
}

export interface SessionStoreTiming {
  /** How long a session lives when its cookie names no expiry (a browser-session cookie). */
  ttlMs: number
  /** The clock, in epoch milliseconds; tests move it instead of waiting. */
  now?: () => number
}

/**
 * Session ids are bearer credentials, so stores keep only their SHA-256: a copy of the store does not
 * let anyone sign in as its users. (The id has 144+ random bits, so no salt or slow hash is needed.)
 */
export const storageKeyOf = (sessionId: string): string => createHash('sha256').update(sessionId).digest('base64url')

/** The cookie's own expiry when it has one, otherwise `ttlMs` from now. */
export function expiryOf(session: StoredSession, ttlMs: number, now: number): number {
  const expires = session.cookie?.expires
  if (expires !== undefined && expires !== null) {
    const time = new Date(expires).getTime()
    if (!Number.isNaN(time)) return time
  }
  return now + ttlMs
}

export const userIdOf = (session: StoredSession): string | null =>
  typeof session.userId === 'string' && session.userId !== '' ? session.userId : null

/** Runs a promise-returning operation for a callback-style caller. */
export function answer<T>(operation: () => Promise<T>, callback: (error: unknown, value?: T) => void): void {
  operation().then(
    (value) => callback(null, value),
    (error: unknown) => callback(error),
  )
}
