import { useQueryClient, type QueryClient } from '@tanstack/react-query'

/** Per query client: every answer restored from the device was fetched by this time (its `savedAt`). */
const keptUpTo = new WeakMap<QueryClient, number>()

/** Called as the device's kept answers go into the cache (`restoreKeptAnswers`). */
export function noteKeptAnswers(client: QueryClient, savedAt: number): void {
  keptUpTo.set(client, Math.max(keptUpTo.get(client) ?? 0, savedAt))
}

interface ShownAnswer {
  dataUpdatedAt: number
  isFetching: boolean
}

/**
 * Whether the answer shown is one kept on the device from an earlier visit while a fresh one is on
 * its way. Offline the fetch waits (`isFetching` is false): the kept answer is all there is.
 */
export function isKeptAnswerBeingChecked(client: QueryClient, answer: ShownAnswer): boolean {
  const upTo = keptUpTo.get(client)
  return upTo !== undefined && answer.isFetching && answer.dataUpdatedAt > 0 && answer.dataUpdatedAt <= upTo
}

/**
 * The list to show, or undefined (still loading) in place of an empty one kept on the device while
 * the fresh answer that may fill it is on its way. A kept list is shown at once, but "Your watchlist is
 * empty" from one written before the member added six titles elsewhere is not true; it was shown for
 * half a second on a slow phone before the six came. Empty states say so only from an answer of this
 * visit, or offline (with the offline cue), where the kept one is all there is.
 */
export function useListToShow<T>(list: T[] | undefined, answer: ShownAnswer): T[] | undefined {
  const client = useQueryClient()
  return list?.length === 0 && isKeptAnswerBeingChecked(client, answer) ? undefined : list
}
