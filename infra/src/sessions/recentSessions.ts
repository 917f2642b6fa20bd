/**
 * The sessions this process read or wrote lately, in memory in front of the SQLite store: a signed-in
 * request then costs no SHA-256 of its id and no SQLite read (a read takes a lock and a file check,
 * about 20 µs on this kind of machine; docs/performance.md). The store keeps it true: every `set`,
 * `destroy`, `eraseUser` and sweep of this process changes it too. Writes by another process on the
 * same file (a CLI opening the platform) are not seen, so an entry is trusted for `maxAgeMs` at most
 * and read again after that.
 */
export interface RecentSession {
  /** The session as stored (JSON): every reader gets its own parsed copy. */
  json: string
  userId: string | null
  expiresAt: number
  readAt: number
}

export interface RecentSessions {
  get(sessionId: string, now: number): RecentSession | undefined
  remember(sessionId: string, session: Omit<RecentSession, 'readAt'>, now: number): void
  forget(sessionId: string): void
  forgetUser(userId: string): void
  forgetExpired(now: number): void
}

export function recentSessions({ capacity, maxAgeMs }: { capacity: number; maxAgeMs: number }): RecentSessions {
  // A Map keeps insertion order: the first key is the one remembered longest ago.
  const entries = new Map<string, RecentSession>()
  return {
    get(sessionId, now) {
      const entry = entries.get(sessionId)
      if (entry === undefined) return undefined
      if (now - entry.readAt >= maxAgeMs) {
        entries.delete(sessionId)
        return undefined
      }
      return entry
    },
    remember(sessionId, session, now) {
      entries.delete(sessionId)
      entries.set(sessionId, { ...session, readAt: now })
      if (entries.size > capacity) {
        const oldest = entries.keys().next()
        if (oldest.done !== true) entries.delete(oldest.value)
      }
    },
    forget(sessionId) {
      entries.delete(sessionId)
    },
    forgetUser(userId) {
      for (const [sessionId, entry] of entries) if (entry.userId === userId) entries.delete(sessionId)
    },
    forgetExpired(now) {
      for (const [sessionId, entry] of entries) if (entry.expiresAt <= now) entries.delete(sessionId)
    },
  }
}
