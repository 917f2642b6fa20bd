import type { MutationObserverOptions, QueryClient } from '@tanstack/react-query'
import { feedWaitingChanges } from '../feed/feedMutations'
import { libraryMutations } from '../library/libraryMutations'
import { libraryRequests } from '../library/libraryRequests'
import { recommendationWaitingChanges } from '../recommendations/mutations'

/**
 * The options of every change that waits for the connection (lib/waitingChanges), under its key, so
 * that one kept on the device while offline and restored after a reload, without its functions, is
 * sent as the screens send it. Only these are kept (keptAnswers.ts): another change restored without
 * a function would fail without a word.
 */
export function registerWaitingChanges(client: QueryClient): void {
  const all = [
    ...Object.values(libraryMutations(libraryRequests)),
    ...feedWaitingChanges(),
    ...recommendationWaitingChanges(),
  ]
  for (const options of all) client.setMutationDefaults(options.mutationKey, options as MutationObserverOptions)
}
