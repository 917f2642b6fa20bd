import { isApiError, isUnanswered } from './apiError'
import { connection } from './connection'
import { toast } from './toast'

/**
 * A change that waits for the connection (the library's, the feed's, recommendations'): made
 * offline, it is queued, kept on the device with the answers (features/offline) and sent when the
 * connection returns, after a reload too. Its variables carry the idempotency key made with the
 * action, so every try of it, before or after a reload, is done once by the server.
 *
 * Every other change fails at once offline with the request client's "Network error" (the query
 * client's default): it is not kept, so saying it was saved on the device would not be true.
 */
export interface WaitingChange {
  idempotencyKey?: string
}

// While a logout is under way, no waiting change goes out: the logout's own answer tells the app the
// server can be reached, which resumed the changes it had paused, and they went out with the session
// ending (a 401 or 403, lost without a word). Once the logout is done they are discarded; if it failed,
// they go as before.
let held: { released: Promise<void> } | null = null
const discarded = new WeakSet<object>()

/**
 * Holds every waiting change until the returned function is called; the changes in `discard` (their
 * variables, as their mutations hold them) are then never sent.
 */
export function holdWaitingChanges(): (discard?: readonly unknown[]) => void {
  let release: () => void = () => undefined
  const hold = {
    released: new Promise<void>((resolve) => {
      release = resolve
    }),
  }
  held = hold
  return (discard = []) => {
    for (const change of discard) if (typeof change === 'object' && change !== null) discarded.add(change)
    if (held === hold) held = null
    release()
  }
}

/** The changes (their variables) taken up by a replay of the queue (features/offline/replay.ts). */
const queued = new WeakSet<object>()

/**
 * Marks `changes` (their variables, as their mutations hold them) as the queue's: replayed one after
 * another when the connection returns, after a reload too.
 */
export function markQueued(changes: readonly unknown[]): void {
  for (const change of changes) if (typeof change === 'object' && change !== null) queued.add(change)
}

/** A queued change's 429 answers, with how long to wait (ms) before the change is sent again. */
const heldUp = new WeakMap<object, number>()

/**
 * A queue replayed within seconds went past the member's limit on comments and reactions (or
 * recommendations) and the rest were refused, each with a "Too many…" toast and lost, though the
 * member had made them one at a time. A 429 with `Retry-After` (the server says when asking again
 * can succeed) is no refusal for a queued change: the change stays queued, in its place (its scope
 * waits behind it), and is sent again under the same idempotency key once that time has passed.
 * A 429 without one (a limit of days: new addresses for recommendations) is still a refusal, and so
 * is any 429 to a live tap, whose message the member can act on.
 */
function heldUpFor(change: WaitingChange, error: unknown): number | undefined {
  if (!queued.has(change) || !isApiError(error) || error.status !== 429 || error.retryAfterSeconds === undefined)
    return undefined
  return error.retryAfterSeconds * 1000
}

/** TanStack's own: doubling from a second, up to 30 seconds. */
const backOff = (failures: number) => Math.min(1000 * 2 ** failures, 30_000)

/** The changes said to be waiting for the server, until they settle: each says so once, however often it is tried. */
const toldWaiting = new Set<string>()

/**
 * A change made offline is told by the query client's toast as it is made. One sent while the
 * browser said it was online, that got no answer (a captive portal, the server restarting), would
 * otherwise wait in silence while the screen shows it as done.
 */
function tellWaitingForServer(change: WaitingChange): void {
  if (connection() === 'offline' || !change.idempotencyKey || toldWaiting.has(change.idempotencyKey)) return
  toldWaiting.add(change.idempotencyKey)
  toast({
    title: 'Can’t reach Reelmates right now',
    description: 'Your change is saved on this device and sent as soon as the server answers.',
  })
}

/**
 * The change (by its idempotency key) is said to be waiting by a toast of its own: a removal's, which
 * offers its Undo. Told again here, one toast at a time, "Can’t reach Reelmates right now" took its
 * place and the Undo with it, and a removal whose answer was lost could not be taken back.
 */
export function toldWaitingByItsOwnToast(idempotencyKey: string): void {
  toldWaiting.add(idempotencyKey)
}

/**
 * The options that make a mutation a waiting change: queued while offline (`networkMode: 'online'`),
 * tried again while unanswered, and saying once when the server cannot be reached. `send` gets the
 * change's idempotency key to send with every try.
 */
export function waitingChange<Change extends WaitingChange, Answer>(
  send: (change: Change, keyed: { idempotencyKey?: string }) => Promise<Answer>,
) {
  return {
    networkMode: 'online' as const,
    // A change the server never answered was not refused: it is tried again, waiting while the app is
    // offline (lib/connection) or the tab is hidden, rather than failing and leaving the queue, and the
    // kept snapshot, for good. An 'online' event is no proof: a page reloaded while Chromium emulated
    // offline got one as it went, sent the change it had restored, and the reload found only the
    // changes queued behind it (issue 15.1). Refusals still fail at once; a queued change held up by
    // a rate limit waits as the server asked (`heldUpFor`).
    retry: (_failures: number, error: Error) => isUnanswered(error) || heldUp.has(error),
    retryDelay: (failures: number, error: Error) => heldUp.get(error) ?? backOff(failures),
    mutationFn: async (change: Change) => {
      while (held) await held.released
      // Discarded at logout: never sent, and never settled either, since settling would run its
      // handlers (a refusal's toast, refetches) for a member who has gone. Its mutation has left the
      // cache with the rest of the member's state, and nothing holds it any more.
      if (discarded.has(change)) return new Promise<Answer>(() => undefined)
      try {
        return await send(change, change.idempotencyKey ? { idempotencyKey: change.idempotencyKey } : {})
      } catch (error) {
        if (isUnanswered(error)) tellWaitingForServer(change)
        const wait = heldUpFor(change, error)
        if (wait !== undefined && typeof error === 'object' && error !== null) heldUp.set(error, wait)
        throw error
      }
    },
  }
}

/** For `onSettled`: answered or refused, the change is tried no more, so there is nothing left to say about it. */
export function waitingChangeSettled(change: WaitingChange | undefined): void {
  if (change?.idempotencyKey) toldWaiting.delete(change.idempotencyKey)
}
