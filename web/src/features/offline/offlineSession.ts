import type { PublicUser } from '@reelmates/contracts/account'
import type { QueryClient } from '@tanstack/react-query'
import { forgetKeptAnswers, readKeptAnswers, restoreKeptAnswers, writeKeptAnswers } from './keptAnswers'
import { replayOnReconnect } from './replay'
import { setSignedInAs } from '../../lib/signedInAs'

/**
 * Where the kept answers meet the signed-in session: restored once the server (or, offline, the
 * kept snapshot) has said who is signed in, and only for that same person.
 */
const version = __APP_VERSION__
let restored = false
// Until the guards know who is signed in, the snapshot on the device may hold changes this page has
// not restored yet: a write before then would drop them.
let userSettled = false

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage)

/** The user of the kept snapshot, for when the server cannot be reached. */
export function lastKnownUser(): { user: PublicUser; savedAt: number } | undefined {
  const store = storage()
  const kept = store && readKeptAnswers(store, version)
  return kept ? { user: kept.user, savedAt: kept.savedAt } : undefined
}

/** The server (or the kept snapshot) has said who is signed in: restore their answers, or drop another's. */
export function userKnown(client: QueryClient, user: PublicUser | null): void {
  setSignedInAs(user?.id ?? null)
  const store = storage()
  if (!store) return
  userSettled = true
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
 * Writes the snapshot a second after the answers stop changing, so what the user just saw is what
 * they find offline, and at once (at the end of the task that made it) when a change starts or stops
 * waiting for the connection: a reload may come the next instant, and the write on 'pagehide' is not
 * always read by the page that follows (in a tab, a note written offline was lost through a reload
 * that way in 1 of 3 runs). A change sent and answered leaves the next snapshot; one answered in the
 * instant before the tab closes may be sent again after a reload, which the server answers as it did
 * (a note set again) or refuses clearly (a title already on the list).
 *
 * It also replays the waiting changes when the connection returns (./replay), since this is where
 * the app hands the offline feature its client.
 */
export function keepAnswers(client: QueryClient, currentUser: () => PublicUser | null | undefined): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let writeQueued = false
  let waitingWritten = ''
  const waitingNow = () =>
    client
      .getMutationCache()
      .getAll()
      .filter((mutation) => mutation.state.isPaused)
      .map((mutation) => mutation.mutationId)
      .join(',')
  const write = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    const user = currentUser()
    const store = storage()
    if (!user || !store || !userSettled) return
    waitingWritten = waitingNow()
    writeKeptAnswers(store, client, user, version)
  }
  const soon = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(write, 1000)
  }
  const atOnce = () => {
    if (writeQueued) return
    writeQueued = true
    queueMicrotask(() => {
      writeQueued = false
      write()
    })
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') soon()
  })
  const unsubscribeChanges = client.getMutationCache().subscribe(() => {
    if (waitingNow() !== waitingWritten) atOnce()
    else soon()
  })
  const flush = () => {
    if (timer !== undefined) write()
  }
  window.addEventListener('pagehide', flush)
  const stopReplaying = replayOnReconnect(client)
  return () => {
    stopReplaying()
    unsubscribe()
    unsubscribeChanges()
    window.removeEventListener('pagehide', flush)
    if (timer !== undefined) clearTimeout(timer)
  }
}
