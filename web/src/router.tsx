import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { NotFoundScreen } from './components/shell/NotFoundScreen'
import { routeTree } from './routeTree.gen'

export interface RouterContext {
  queryClient: QueryClient
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Queries own freshness (spec §9); the router must not serve its own stale loader data.
    defaultPreloadStaleTime: 0,
    scrollRestoration: false,
    defaultNotFoundComponent: NotFoundScreen,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
