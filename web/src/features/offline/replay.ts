import { onlineManager, type Mutation, type QueryClient } from '@tanstack/react-query'
import { askServerNow, connection } from '../../lib/connection'
import { gatherRefusals } from '../../lib/refusedChanges'
import { markQueued } from '../../lib/waitingChanges'

/** Resolves once none of `changes` waits for an answer any more: each was taken or refused. */
function settled(client: QueryClient, changes: readonly Mutation[]): Promise<void> {
  const allSettled = () => changes.every((change) => change.state.status !== 'pending')
  if (allSettled()) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = client.getMutationCache().subscribe(() => {
      if (!allSettled()) return
      stop()
      resolve()
    })
  })
}

/**
 * Sends the changes that waited for the connection, in the order they were made (their scopes), and
 * tells their refusals in one toast (lib/refusedChanges): a note on a title removed elsewhere, then a
 * move of it, are refused one after the other, and a toast each would hide the first. One held up by
 * a rate limit (429) is no refusal: it stays queued, in its place, and is sent again after the
 * server's Retry-After (lib/waitingChanges).
 */
export function replayWaitingChanges(client: QueryClient): Promise<void> {
  const waiting = client.getMutationCache().findAll({ status: 'pending' })
  // Sent within seconds, they may go past the member's rate limit: a 429 keeps them queued.
  markQueued(waiting.map((change) => change.state.variables))
  void client.resumePausedMutations()
  return gatherRefusals(settled(client, waiting))
}

/**
 * Replays the waiting changes each time the connection returns. The mounted client resumes them on
 * its own as well; resuming twice sends nothing twice (a resumed change is no longer paused), and
 * the changes are taken before anything resumes, so whichever runs first, the toast gathers them all.
 */
export function replayOnReconnect(client: QueryClient): () => void {
  return onlineManager.subscribe((online) => {
    if (online) void replayWaitingChanges(client)
  })
}

/**
 * Before the session ends (Log out): the changes still waiting are sent now if the server can be
 * reached, asking it at once rather than at the next probe, and given `withinMs` to be answered. The
 * answer to Log out is what used to tell the app the server was back, and the changes then went out
 * after the session had ended. Resolves with the changes still waiting after that.
 */
export async function sendWaitingChangesNow(client: QueryClient, withinMs: number): Promise<Mutation[]> {
  const waiting = () => client.getMutationCache().findAll({ status: 'pending' })
  const changes = waiting()
  if (changes.length === 0) return []
  // With no network at all there is nothing to wait for: the logout cannot go either.
  if (connection() !== 'offline') {
    askServerNow()
    if (onlineManager.isOnline()) void replayWaitingChanges(client)
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([settled(client, changes), new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))])
    clearTimeout(timer)
  }
  return waiting()
}
