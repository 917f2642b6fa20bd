import type { PublicUser } from '@reelmates/contracts/account'
import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query'
import { replayWaitingChanges } from './replay'

/**
 * The signed-in user's last answers, kept on this device so the app still shows them offline
 * (issue 15.1): home's rows, the watchlist, the watched log and the media pages opened, and the
 * changes that still wait for an answer (paused or in flight: their variables and scope, so they
 * go out in order after a reload too). One snapshot, for one user, in localStorage;
 * logout and a different user's sign-in drop it.
 *
 * The current user is kept beside the answers rather than among them: it is used only when the
 * server cannot be reached, so a tab still asks the server who is signed in on every start.
 */
export const keptAnswersKey = 'reelmates.keptAnswers'
export const keptAnswersLifetimeMs = 7 * 24 * 60 * 60 * 1000

export interface KeptAnswers {
  version: string
  userId: string
  user: PublicUser
  savedAt: number
  state: DehydratedState
}

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
    const usable =
      kept.version === version &&
      typeof kept.userId === 'string' &&
      typeof kept.savedAt === 'number' &&
      now - kept.savedAt <= keptAnswersLifetimeMs &&
      kept.user !== undefined &&
      kept.state !== undefined
    if (!usable) {
      storage.removeItem(keptAnswersKey)
      return undefined
    }
    return kept as KeptAnswers
  } catch {
    return undefined
  }
}

export function writeKeptAnswers(
  storage: KeyValueStorage,
  client: QueryClient,
  user: PublicUser,
  version: string,
  now: number = Date.now(),
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
  const kept: KeptAnswers = {
    version,
    userId: user.id,
    user,
    savedAt: now,
    // A change already on its way has no answer yet and may never get one (the page that sent it is
    // going, or the browser believed it was online when it was not): it is kept as waiting, and sent
    // again rather than lost, under the idempotency key it was made with, so the server answers
    // what it answered then if the first one reached it.
    state: {
      ...state,
      // Kept as the answer it is, with its age: a refetch's failure is not news for the next visit.
      queries: state.queries.map((query) =>
        query.state.status === 'error'
          ? { ...query, state: { ...query.state, status: 'success', error: null } }
          : query,
      ),
      mutations: state.mutations.map((mutation) => ({ ...mutation, state: { ...mutation.state, isPaused: true } })),
    },
  }
  try {
    storage.setItem(keptAnswersKey, JSON.stringify(kept))
  } catch {
    // Storage full or disabled: offline shows less, nothing else changes.
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
export function restoreKeptAnswers(client: QueryClient, kept: KeptAnswers): void {
  // A snapshot written before a rule above was added may hold what the rule leaves out.
  hydrate(client, { ...kept.state, queries: kept.state.queries.filter((query) => isKeptQuery(query)) })
  if (onlineManager.isOnline()) void replayWaitingChanges(client)
}
