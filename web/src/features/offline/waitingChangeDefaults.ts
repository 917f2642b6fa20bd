import type { MutationObserverOptions, QueryClient } from '@tanstack/react-query'
import { libraryMutations } from './libraryMutations'
import { libraryRequests } from './libraryRequests'

/**
 * Each library change's options under its key, so that a change kept on the device while offline
 * (features/offline) and restored after a reload, without its functions, is sent as the screens send it.
 */
export function registerLibraryMutationDefaults(client: QueryClient): void {
  for (const options of Object.values(libraryMutations(libraryRequests))) {
    client.setMutationDefaults(options.mutationKey, options as MutationObserverOptions)
  }
}
