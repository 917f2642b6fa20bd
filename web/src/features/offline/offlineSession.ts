import type { PublicUser } from '@reelmates/contracts/account'
import type { QueryClient } from '@tanstack/react-query'
import {
  dropKeptQueries,
  forgetKeptAnswers,
  keptAnswersKey,
  readKeptAnswers,
  restoreKeptAnswers,
  waitingChangesOnly,
  writeKeptAnswers,
} from './keptAnswers'
import { replayOnReconnect } from './replay'
import { holdThisTab, liveTabIds, thisTabId } from './thisTab'
import { setSignedInAs } from '../../lib/signedInAs'

/**
 * Where the kept answers meet the signed-in session: restored once the server (or, offline, the
 * kept snapshot) has said who is signed in, and only for that same person.
 */
/**
 * Which build wrote the snapshot. The package version stays 0.1.0 from build to build, and a query
 * whose answer changed shape under the same key (a list that became pages) crashed every page of the
 * next build on the old answer, so answers are kept for the build that wrote them.
 */
const version = `${__APP_VERSION__}+${__BUILD_TIMESTAMP__}`
let restored = false
// Set once a failed page drops the kept answers before reloading: the answers in memory may be the
// failure's cause, and writing them would put them back.
let keepingStopped = false
// Until the guards know who is signed in, the snapshot on the device may hold changes this page has
// not restored yet: a write before then would drop them.
let userSettled = false

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage)

/** The user of the kept snapshot, for when the server cannot be reached. */
export function lastKnownUser(): { user: PublicUser; savedAt: number } | undefined {
  const store = storage()
  const kept = store && readKeptAnswers(store, version)
  return kept && !kept.userStale ? { user: kept.user, savedAt: kept.savedAt } : undefined
}

/** The server (or the kept snapshot) has said who is signed in: restore their answers, or drop another's. */
export function userKnown(client: QueryClient, user: PublicUser | null): void {
  setSignedInAs(user?.id ?? null)
  const store = storage()
  if (!store) return
  userSettled = true
  const kept = readKeptAnswers(store, version)
  if (kept && (!user || kept.userId !== user.id)) {
    forgetKeptAnswers(store)
    return
  }
  // Once per page, snapshot or none: a page that found none and wrote its own since would otherwise
  // restore its own waiting changes into itself the next time it is told who is signed in (a guard
  // offline), and hold each of them twice.
  if (!user || restored) return
  restored = true
  const tab = thisTabId()
  if (kept) restoreKeptAnswers(client, kept, (other) => other === tab)
  void takeUpClosedTabs(client, user.id)
}

/** The tabs whose waiting changes this page took up: its next snapshot holds them, theirs go. */
const takenUp = new Set<string>()

/**
 * The waiting changes of tabs that have gone (closed, crashed, or written before changes were kept
 * per tab) are taken up by this page: restored, sent in the order they were made, and kept with its
 * own from then on. A living tab's are left to it. Without Web Locks nobody can tell, and each tab
 * keeps only its own.
 */
async function takeUpClosedTabs(client: QueryClient, userId: string): Promise<void> {
  await holdThisTab()
  const live = await liveTabIds()
  const store = storage()
  const kept = store && readKeptAnswers(store, version)
  if (!live || !kept || kept.userId !== userId) return
  const tab = thisTabId()
  const gone = Object.keys(kept.waiting).filter((other) => other !== tab && !live.has(other) && !takenUp.has(other))
  if (gone.length === 0) return
  for (const other of gone) takenUp.add(other)
  restoreKeptAnswers(client, { ...kept, state: { ...kept.state, queries: [] } }, (other) => gone.includes(other))
}

/** Writes this page's snapshot now, while a page keeps one (`keepAnswers`). */
let writeNow: (() => void) | undefined

/**
 * Clears this device's local storage (Update Now in the installed app, spec §4) but for the changes
 * still waiting to be sent, this page's included: the person was told they would be sent, and the
 * next version sends them.
 */
export function clearStorageKeepingWaitingChanges(): void {
  const store = storage()
  if (!store) return
  writeNow?.()
  const waiting = waitingChangesOnly(store, version)
  store.clear()
  if (waiting === undefined) return
  try {
    store.setItem(keptAnswersKey, waiting)
  } catch {
    // Storage refused the one item it held a moment ago: nothing more can be done here.
  }
}

/**
 * For a page that failed to draw, before it reloads: the answers kept on the device go (one of them
 * may be what it failed on: an answer of another shape had every page fail, reload after reload), and
 * this page keeps no more; who is signed in and the changes still waiting stay.
 */
export function dropKeptAnswersBeforeReload(): void {
  keepingStopped = true
  const store = storage()
  if (store) dropKeptQueries(store, version)
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
    if (!user || !store || !userSettled || keepingStopped) return
    waitingWritten = waitingNow()
    writeKeptAnswers(store, client, user, version, Date.now(), thisTabId(), takenUp)
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
  writeNow = write
  window.addEventListener('pagehide', flush)
  // Held from the start, so another tab starting meanwhile sees this one alive.
  void holdThisTab()
  const stopReplaying = replayOnReconnect(client)
  return () => {
    stopReplaying()
    unsubscribe()
    unsubscribeChanges()
    window.removeEventListener('pagehide', flush)
    if (timer !== undefined) clearTimeout(timer)
    if (writeNow === write) writeNow = undefined
  }
}
