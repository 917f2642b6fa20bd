import type { Query, QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { isKeptQuery } from './keptAnswers'
import { appLocale } from '../../lib/appLocale'

/** When the oldest answer the screen shows now was fetched (ms), or undefined when none is shown. */
export function oldestShownAnswer(client: QueryClient): number | undefined {
  const shown = client
    .getQueryCache()
    .getAll()
    .filter((query: Query) => query.getObserversCount() > 0 && isKeptQuery(query) && query.state.dataUpdatedAt > 0)
  if (shown.length === 0) return undefined
  return Math.min(...shown.map((query) => query.state.dataUpdatedAt))
}

export function useOldestShownAnswer(client: QueryClient): number | undefined {
  return useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => oldestShownAnswer(client),
    () => undefined,
  )
}

// Built on first use, not when the module loads: the first Intl formatter of a page loads the
// locale's data, about 60 ms of the start on a phone (docs/pwa.md), for a line most pages never show.
let relativeFormat: Intl.RelativeTimeFormat | undefined
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat(appLocale, { numeric: 'auto' }))

/** "just now", "5 minutes ago", "3 hours ago", "yesterday". */
export function describeAge(savedAt: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - savedAt) / 1000))
  if (seconds < 60) return 'just now'
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return relative().format(-minutes, 'minute')
  const hours = Math.round(minutes / 60)
  if (hours < 24) return relative().format(-hours, 'hour')
  return relative().format(-Math.round(hours / 24), 'day')
}
