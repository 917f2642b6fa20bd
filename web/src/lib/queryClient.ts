import { QueryClient, type QueryFunction } from '@tanstack/react-query'
import { apiJson } from './api'
import { isApiError } from './apiError'

export type UnauthorizedBehaviour = 'returnNull' | 'throw'

/**
 * The default query function (spec §7): a GET on the first element of the query key, a path.
 * With `returnNull`, a 401 yields null instead of an error (spec §6) — the current-user query uses it.
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

/** Spec §9: staleTime 0, no refetch interval, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: 0,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
