import type { PublicUser } from '@reelmates/contracts/account'
import type { QueryClient } from '@tanstack/react-query'
import { forgetKeptAnswers, readKeptAnswers, restoreKeptAnswers, writeKeptAnswers } from './keptAnswers'

/**
 * Where the kept answers meet the signed-in session: restored once the server (or, offline, the
 * kept snapshot) has said who is signed in, and only for that same person.
 */
const version = __APP_VERSION__
let restored = false

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage)

/** The user of the kept snapshot, for when the server cannot be reached. */
export function lastKnownUser(): { user: PublicUser; savedAt: number } | undefined {
  const store = storage()
  const kept = store && readKeptAnswers(store, version)
  return kept ? { user: kept.user, savedAt: kept.savedAt } : undefined
}

/** The server (or the kept snapshot) has said who is signed in: restore their answers, or drop another's. */
export function userKnown(client: QueryClient, user: PublicUser | null): void {
  const store = storage()
  if (!store) return
  const kept = readKeptAnswers(store, version)
  if (!kept) return
  if (!user || kept.userId !== user.id) {
    forgetKeptAnswers(store)
    return
  }
  if (restored) return
  restored = true
  restoreKeptAnswers(client, kept)
}

export function forgetLocalAnswers(): void {
  const store = storage()
  if (store) forgetKeptAnswers(store)
}

/**
 * Writes the snapshot a second after the answers or the waiting changes stop changing, and when
 * the page goes away (a reload, a closed tab), so what the user just saw and did is what they find
 * offline. A change sent and answered leaves the next snapshot; one answered in the instant before
 * the tab closes may be sent again after a reload, which the server answers as it did (a note set
 * again) or refuses clearly (a title already on the list).
 */
export function keepAnswers(client: QueryClient, currentUser: () => PublicUser | null | undefined): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const write = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const user = currentUser()
    const store = storage()
    if (user && store) writeKeptAnswers(store, client, user, version)
  }
  const soon = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(write, 1000)
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') soon()
  })
  const unsubscribeChanges = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') soon()
  })
  const flush = () => {
    if (timer !== undefined) write()
  }
  window.addEventListener('pagehide', flush)
  return () => {
    unsubscribe()
    unsubscribeChanges()
    window.removeEventListener('pagehide', flush)
    if (timer !== undefined) clearTimeout(timer)
  }
}
