import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterContextProvider,
  type AnyRouter,
  type RouterHistory,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { parseSearch, stringifySearch } from './addressSearch'

/**
 * For specs of screens that use the router (links, navigation, `useUnsavedChanges`): a router kept in
 * memory, at `/`, with a second page, `/elsewhere`, to leave for (`router.history.push('/elsewhere')`
 * leaves as a link would; `where(router)` says where it is now).
 */
export function routerInMemory() {
  const root = createRootRoute()
  const router = createRouter({
    routeTree: root.addChildren([
      createRoute({ getParentRoute: () => root, path: '/' }),
      createRoute({ getParentRoute: () => root, path: '/elsewhere' }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    // Addresses are written as the app writes them (`?event=1234`, not `?event=%221234%22`).
    parseSearch,
    stringifySearch,
  })
  return router
}

/** `ui` within `router`: it links, navigates and blocks as on a page, and re-renders as any element does. */
export function withinRouter(router: AnyRouter, ui: ReactNode) {
  return <RouterContextProvider router={router}>{ui}</RouterContextProvider>
}

export const where = (router: { history: RouterHistory }): string => router.history.location.pathname
