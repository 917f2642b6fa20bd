import type { PublicUser } from '@reelmates/contracts/account'

/** Spec §3/§9: the installed app remembers who is signed in for 24 hours, so it opens without waiting. */
export const persistedAuthKey = 'reelmates.auth'
export const persistedAuthLifetimeMs = 24 * 60 * 60 * 1000

export interface PersistedAuthState {
  user: PublicUser | null
  isAuthenticated: boolean
  timestamp: number
}

export function readPersistedAuth(storage: Storage, now: number = Date.now()): PersistedAuthState | undefined {
  try {
    const raw = storage.getItem(persistedAuthKey)
    if (!raw) return undefined
    const state = JSON.parse(raw) as Partial<PersistedAuthState>
    if (typeof state.timestamp !== 'number' || typeof state.isAuthenticated !== 'boolean') return undefined
    if (now - state.timestamp > persistedAuthLifetimeMs || state.timestamp > now) {
      storage.removeItem(persistedAuthKey)
      return undefined
    }
    return { user: state.user ?? null, isAuthenticated: state.isAuthenticated, timestamp: state.timestamp }
  } catch {
    return undefined
  }
}

export function writePersistedAuth(storage: Storage, user: PublicUser | null, now: number = Date.now()): void {
  const state: PersistedAuthState = { user, isAuthenticated: user !== null, timestamp: now }
  try {
    storage.setItem(persistedAuthKey, JSON.stringify(state))
  } catch {
    // Storage full or disabled: the app simply asks the server next time.
  }
}

export function clearPersistedAuth(storage: Storage): void {
  try {
    storage.removeItem(persistedAuthKey)
  } catch {
    // Nothing to clear.
  }
}
