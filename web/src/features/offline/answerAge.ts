import type { Query, QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { isKeptQuery } from './keptAnswers'
import { timeAgo } from '../../components/feed/timeAgo'

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

/**
 * "just now", "5 minutes ago", "23 hours ago", "yesterday": counted as the feed counts (whole hours, then
 * the reader's calendar days), so the banner and the timeline beneath it never disagree. Rounding said
 * "2 hours ago" for an hour and a half, and "yesterday" for something saved earlier today.
 */
export const describeAge = (savedAt: number, now: number): string => timeAgo(new Date(savedAt).toISOString(), now)
