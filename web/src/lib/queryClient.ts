import { MutationCache, onlineManager, QueryClient, type Mutation, type QueryFunction } from '@tanstack/react-query'
import { apiJson } from './api'
import { whenChangesGoOut } from './connection'
import { isApiError, isUnanswered } from './apiError'
import { toast } from './toast'

export type UnauthorizedBehaviour = 'returnNull' | 'throw'

/**
 * The default query function (spec §7): a GET on the first element of the query key, a path.
 * With `returnNull`, a 401 yields null instead of an error (spec §6).
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehaviour }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const [path] = queryKey
    if (typeof path !== 'string') throw new Error('The first element of a query key must be a path')
    try {
      return await apiJson<T>(path, { signal })
    } catch (error) {
      if (on401 === 'returnNull' && isApiError(error) && error.status === 401) return null
      throw error
    }
  }
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * A change the app makes on its own (a mark of what was seen, the feed's visit), not one the
       * person asked for: it is queued offline like any other, without telling them something was saved.
       */
      background?: boolean
    }
  }
}

/**
 * A change made offline that waits (lib/waitingChanges) is queued in its mutation's scope, kept on
 * the device and sent when the connection returns. Any other fails at once with "Network error".
 */
function tellQueuedOffline(_variables: unknown, mutation: Mutation<unknown, unknown>): void {
  if (onlineManager.isOnline() || mutation.options.networkMode !== 'online' || mutation.meta?.background === true)
    return
  toast({ title: 'Saved on this device', description: `It will be sent ${whenChangesGoOut()}.` })
}

/**
 * Spec §9's "no retries" is about answers: a refusal or a server error is shown, not asked again.
 * A request that got no answer at all is not one. The request client has then marked the server out
 * of reach (lib/connection), so the retry waits, the screen keeps what it showed (or what the device
 * kept), and it goes out once the server answers again, as a query started offline does.
 */
export function retryUnanswered(failures: number, error: unknown): boolean {
  return failures < 3 && isUnanswered(error)
}

/**
 * Spec §9: staleTime 0, no refetch interval, no refetch on focus, no retries (but see
 * `retryUnanswered`). Answers stay in memory
 * for a day (not 5 minutes) so that the snapshot kept for offline use still holds the pages opened
 * earlier in the visit (features/offline). A refusal of any request, through the client or not, is
 * seen by `onRefusal` (lib/api.ts).
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({ onMutate: tellQueuedOffline }),
    defaultOptions: {
      queries: {
        gcTime: 24 * 60 * 60 * 1000,
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 0,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: retryUnanswered,
      },
      // Only the changes that are kept on the device wait offline (lib/waitingChanges): another change
      // queued offline would be lost with the page, while a toast had said it was saved.
      mutations: { retry: false, networkMode: 'always' },
    },
  })
  return client
}
