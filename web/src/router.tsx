import type { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { NotFoundScreen } from './components/shell/NotFoundScreen'
import { PageError } from './components/shell/PageError'
import { parseSearch, stringifySearch } from './lib/addressSearch'
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
    defaultErrorComponent: PageError,
    // A search for 1984 reads `?q=1984` in the address, not `?q=%221984%22`.
    parseSearch,
    stringifySearch,
  })
}

/**
 * Starts downloading the code of the page being opened at once. The router loads a route's split
 * chunks only once every guard above it has answered (who is signed in: a request to the server),
 * so on a slow phone the page's code came one round trip later than it could. A guard that sends
 * the visitor elsewhere leaves one unused chunk behind.
 */
export function preloadOpeningPage(router: ReturnType<typeof createAppRouter>, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname)
  // A chunk that fails here fails again, and is reported, when the router loads it itself.
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined)
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
