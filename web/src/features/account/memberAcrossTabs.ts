import type { PublicUser } from '@reelmates/contracts/account'
import { hashKey, type QueryClient } from '@tanstack/react-query'
import { currentUserKey } from './currentUser'

const channelName = 'reelmates.member'
const currentUserHash = hashKey(currentUserKey)

/** undefined: not known yet; null: nobody signed in. */
const idOf = (data: unknown): string | null | undefined =>
  data === undefined ? undefined : ((data as PublicUser | null)?.id ?? null)

function openChannel(): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(channelName)
}

/**
 * The session cookie is the browser's, not the tab's: when a member signs out in one tab and another
 * signs in, every other open tab reads as the new member. Such a tab kept the first member's name in
 * its sidebar while its lists came back with the other's watches. So each tab says who it now shows
 * (a BroadcastChannel), a tab told of someone else asks the server who is signed in, and a tab whose
 * member changes from one to another starts its answers over rather than show one member's under the
 * other's name.
 */
export function followMemberAcrossTabs(client: QueryClient, channel = openChannel()): () => void {
  let shown = idOf(client.getQueryData(currentUserKey))
  // Whose answers the cache holds: the last member shown, through a spell of nobody (a session ended
  // elsewhere leaves them; the tab's own Log out clears them), so that someone else signing in next
  // does not see them either.
  let answersOf = shown ?? null
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== currentUserHash) return
    const now = idOf(event.query.state.data)
    if (now === undefined || now === shown) return
    shown = now
    channel?.postMessage(now)
    if (now === null) return
    if (answersOf && answersOf !== now)
      void client.resetQueries({ predicate: (query) => query.queryHash !== currentUserHash })
    answersOf = now
  })
  if (channel)
    channel.onmessage = (message: MessageEvent<unknown>) => {
      // Signed out elsewhere is left to this tab's next request or return (a form being written here
      // keeps its words until then, and past it: SessionEnded.tsx); someone else signed in is followed at once.
      if (message.data !== null && message.data !== shown)
        void client.invalidateQueries({ queryKey: currentUserKey, exact: true })
    }
  return () => {
    unsubscribe()
    channel?.close()
  }
}
