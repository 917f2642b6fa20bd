import type { PublicUser } from '@reelmates/contracts/account'
import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query'
import { noteKeptAnswers } from './keptEmpty'
import { replayWaitingChanges } from './replay'
import { thisTabId } from './thisTab'

/**
 * The signed-in user's last answers, kept on this device so the app still shows them offline
 * (issue 15.1): home's rows, the watchlist, the watched log and the media pages opened, and the
 * changes that still wait for an answer (paused or in flight: their variables and scope, so they
 * go out in order after a reload too). One snapshot, for one user, in localStorage;
 * logout and a different user's sign-in drop it.
 *
 * The answers are the last tab's to write; the waiting changes are kept per tab (`waiting`, by the
 * tab's id, ./thisTab): each tab writes its own and leaves the others' as they are, so a tab writing
 * its snapshot never drops the changes another tab is still holding (two tabs offline, one reloaded
 * or closed, lost the other's changes that way).
 *
 * The current user is kept beside the answers rather than among them: it is used only when the
 * server cannot be reached, so a tab still asks the server who is signed in on every start.
 */
export const keptAnswersKey = 'reelmates.keptAnswers'
export const keptAnswersLifetimeMs = 7 * 24 * 60 * 60 * 1000

type WaitingChanges = DehydratedState['mutations']

export interface KeptAnswers {
  version: string
  userId: string
  user: PublicUser
  savedAt: number
  /** The answers, and as `mutations` every tab's waiting changes in the order they were made. */
  state: DehydratedState
  /** Each tab's waiting changes, by the tab's id. */
  waiting: Record<string, WaitingChanges>
  /**
   * Written by another version of the app, longer ago than `keptAnswersLifetimeMs`, or kept through
   * a clearing of the device's storage: the answers are dropped (and the user is not one to sign in
   * with offline), the waiting changes are kept.
   */
  stale?: boolean
  /**
   * The user too is out of date: the snapshot is older than `keptAnswersLifetimeMs` or was kept through
   * a clearing of the device's storage. Another build alone leaves the user to open the app with
   * offline: the first start after an update, on a train, said "You were signed out" otherwise.
   */
  userStale?: boolean
}

/** The tab of the changes in a snapshot written before they were kept per tab: no tab alive has its id. */
export const earlierTab = 'earlier'

const inOrderMade = (changes: WaitingChanges): WaitingChanges =>
  [...changes].sort((a, b) => a.state.submittedAt - b.state.submittedAt)

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

// Keys are API paths or a feature's name ('library'). Not kept: what is not the user's reading matter
// (search as typed, admin screens) and the current user, kept apart above.
const notKept = [/^\/api\/user$/, /^\/api\/admin/, /^\/api\/tmdb\/autocomplete/, /^\/api\/tmdb\/search/, /^\/api\/csrf/]

export function isKeptQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const [first, second] = query.queryKey
  if (typeof first !== 'string') return false
  if (notKept.some((pattern) => pattern.test(first))) return false
  // Admin screens, under their features' names ('admin', the blog's 'admin'): other people's mail,
  // links and personal data, which must not outlive the screen on a device.
  if (first === 'admin' || second === 'admin') return false
  // People found by name, as typed: like a title search, and their "Requested" goes stale.
  if (first === 'friends' && second === 'search') return false
  // A refetch that failed (no answer while the browser believed it was online, say) leaves the last
  // answer in place: that answer is still the one to keep.
  return query.state.status === 'success' || (query.state.status === 'error' && query.state.data !== undefined)
}

export function readKeptAnswers(
  storage: KeyValueStorage,
  version: string,
  now: number = Date.now(),
): KeptAnswers | undefined {
  try {
    const raw = storage.getItem(keptAnswersKey)
    if (!raw) return undefined
    const kept = JSON.parse(raw) as Partial<KeptAnswers>
    const whole =
      typeof kept.userId === 'string' &&
      typeof kept.savedAt === 'number' &&
      kept.user !== undefined &&
      kept.state !== undefined
    if (!whole) {
      storage.removeItem(keptAnswersKey)
      return undefined
    }
    const state = kept.state as DehydratedState
    const waiting =
      kept.waiting && typeof kept.waiting === 'object'
        ? kept.waiting
        : state.mutations.length > 0
          ? { [earlierTab]: state.mutations }
          : {}
    // Stored as stale only by a clearing of the storage (`waitingChangesOnly`), which keeps the waiting
    // changes alone; a long absence makes the user too old as well.
    const userStale = kept.stale === true || now - (kept.savedAt as number) > keptAnswersLifetimeMs
    const stale = userStale || kept.version !== version
    // A new version of the app, or a long absence, makes the answers too old to show, but not the
    // changes the person was told would be sent: an update taken with changes still waiting lost them.
    if (userStale && Object.values(waiting).every((changes) => changes.length === 0)) {
      storage.removeItem(keptAnswersKey)
      return undefined
    }
    return {
      ...(kept as KeptAnswers),
      waiting,
      ...(stale ? { stale: true } : {}),
      ...(userStale ? { userStale: true } : {}),
      state: {
        ...state,
        queries: stale ? [] : state.queries,
        mutations: inOrderMade(Object.values(waiting).flat()),
      },
    }
  } catch {
    return undefined
  }
}

/**
 * Writes this tab's snapshot: its answers, and its waiting changes beside the other tabs' (kept as
 * they are, but for the tabs in `takenUp`, whose changes this tab now holds).
 */
export function writeKeptAnswers(
  storage: KeyValueStorage,
  client: QueryClient,
  user: PublicUser,
  version: string,
  now: number = Date.now(),
  tab: string = thisTabId(),
  takenUp: ReadonlySet<string> = new Set(),
): void {
  const state = dehydrate(client, {
    shouldDehydrateQuery: isKeptQuery,
    // Only a change the app can send again after a reload: one whose options are registered under its
    // key (waitingChangeDefaults.ts). Any other would be restored without a function and fail.
    shouldDehydrateMutation: (mutation) =>
      mutation.state.status === 'pending' &&
      mutation.options.mutationKey !== undefined &&
      client.getMutationDefaults(mutation.options.mutationKey).mutationFn !== undefined,
  })
  const before = readKeptAnswers(storage, version, now)
  const waiting: Record<string, WaitingChanges> = {}
  if (before?.userId === user.id)
    for (const [other, changes] of Object.entries(before.waiting))
      if (other !== tab && !takenUp.has(other) && changes.length > 0) waiting[other] = changes
  // A change already on its way has no answer yet and may never get one (the page that sent it is
  // going, or the browser believed it was online when it was not): it is kept as waiting, and sent
  // again rather than lost, under the idempotency key it was made with, so the server answers
  // what it answered then if the first one reached it.
  const mine = state.mutations.map((mutation) => ({ ...mutation, state: { ...mutation.state, isPaused: true } }))
  if (mine.length > 0) waiting[tab] = mine
  const kept: KeptAnswers = {
    version,
    userId: user.id,
    user,
    savedAt: now,
    waiting,
    // The changes are in `waiting`; a reader gathers them here again.
    state: {
      ...state,
      // Kept as the answer it is, with its age: a refetch's failure is not news for the next visit.
      queries: state.queries.map((query) =>
        query.state.status === 'error'
          ? { ...query, state: { ...query.state, status: 'success', error: null } }
          : query,
      ),
      mutations: [],
    },
  }
  try {
    storage.setItem(keptAnswersKey, JSON.stringify(kept))
  } catch {
    // Storage full or disabled: offline shows less, nothing else changes.
  }
}

/**
 * The snapshot cut down to the changes still waiting (and whose they are), for a device whose storage
 * is being cleared: undefined when nothing waits.
 */
export function waitingChangesOnly(storage: KeyValueStorage, version: string): string | undefined {
  const kept = readKeptAnswers(storage, version)
  if (!kept || Object.values(kept.waiting).every((changes) => changes.length === 0)) return undefined
  return JSON.stringify({
    ...kept,
    stale: true,
    state: { ...kept.state, queries: [], mutations: [] },
  } satisfies KeptAnswers)
}

/**
 * Drops the snapshot's answers and keeps the rest (who is signed in, the waiting changes): for a page
 * that failed to draw, whose cause may be an answer kept on the device.
 */
export function dropKeptQueries(storage: KeyValueStorage, version: string): void {
  const kept = readKeptAnswers(storage, version)
  if (!kept) return
  try {
    storage.setItem(keptAnswersKey, JSON.stringify({ ...kept, state: { ...kept.state, queries: [], mutations: [] } }))
  } catch {
    forgetKeptAnswers(storage)
  }
}

export function forgetKeptAnswers(storage: KeyValueStorage): void {
  try {
    storage.removeItem(keptAnswersKey)
  } catch {
    // Nothing to forget.
  }
}

/**
 * Puts the kept answers into the cache (answers already fetched in this visit are newer and win) and
 * the changes still waiting back in their queue; online, they are sent now, in the order they were
 * made (their scope), through the mutation defaults the features registered (functions are not kept).
 */
export function restoreKeptAnswers(
  client: QueryClient,
  kept: KeptAnswers,
  /** The tabs whose waiting changes this page takes up (all of them unless said). */
  ofTab: (tab: string) => boolean = () => true,
): void {
  // Told apart from this visit's answers until a fetch replaces them (./keptEmpty).
  if (kept.state.queries.length > 0) noteKeptAnswers(client, kept.savedAt)
  // A snapshot written before a rule above was added may hold what the rule leaves out.
  hydrate(client, {
    queries: kept.state.queries.filter((query) => isKeptQuery(query)),
    mutations: inOrderMade(
      Object.entries(kept.waiting)
        .filter(([tab]) => ofTab(tab))
        .flatMap(([, changes]) => changes),
    ),
  })
  if (onlineManager.isOnline()) void replayWaitingChanges(client)
}
