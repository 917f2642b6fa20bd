import { isUnanswered } from './apiError'
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
    // changes queued behind it (issue 15.1). Refusals still fail at once.
    retry: (_failures: number, error: Error) => isUnanswered(error),
    mutationFn: async (change: Change) => {
      try {
        return await send(change, change.idempotencyKey ? { idempotencyKey: change.idempotencyKey } : {})
      } catch (error) {
        if (isUnanswered(error)) tellWaitingForServer(change)
        throw error
      }
    },
  }
}

/** For `onSettled`: answered or refused, the change is tried no more, so there is nothing left to say about it. */
export function waitingChangeSettled(change: WaitingChange | undefined): void {
  if (change?.idempotencyKey) toldWaiting.delete(change.idempotencyKey)
}
