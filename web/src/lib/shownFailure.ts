import { useState } from 'react'

/** What a screen reads of a TanStack query to tell loading from failing. */
export interface QueryOutcome {
  error: unknown
  status: 'pending' | 'error' | 'success'
  fetchStatus: 'fetching' | 'paused' | 'idle'
}

/**
 * The failure a screen shows for a query: its error, and the same error while it is tried again (Try
 * again, a refetch interval). A query with no answer yet goes back to pending when it is retried, so
 * the screen's alert gave way to its skeleton and came back with each retry: a screen reader said it
 * again every time, and the focus on Try again fell to the page. Null once an answer lands, and while
 * the retry waits offline (the screen says that instead).
 */
export function useShownFailure(query: QueryOutcome): unknown {
  const [last, setLast] = useState<unknown>(null)
  if (query.error != null && query.error !== last) setLast(query.error)
  if (query.status === 'success' && last !== null) setLast(null)
  if (query.error != null) return query.error
  return query.fetchStatus === 'fetching' ? last : null
}
