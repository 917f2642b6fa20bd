import { useSyncExternalStore } from 'react'
import { timeAgo } from './timeAgo'

/** How often the words are looked at again: "5 minutes ago" is never more than half a minute behind. */
const tickMs = 30_000
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

/** One timer for every time on the page, running while any is shown. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  timer ??= setInterval(() => {
    for (const each of listeners) each()
  }, tickMs)
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0 || timer === undefined) return
    clearInterval(timer)
    timer = undefined
  }
}

/**
 * When something happened, in a timeline's words, kept true while the page stays open: a feed card
 * drawn once (its data unchanged on every refetch) said "19 minutes ago" a day later. The words are
 * the snapshot, so a tick that leaves them as they were draws nothing.
 */
export function TimeAgo({ iso }: { iso: string }) {
  const words = useSyncExternalStore(subscribe, () => timeAgo(iso))
  return <time dateTime={iso}>{words}</time>
}
