import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRoute,
} from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import type { FunctionComponent } from 'react'
import { vi } from 'vitest'
import { parseSearch, stringifySearch } from '../../lib/addressSearch'
import { createQueryClient } from '../../lib/queryClient'
import type { RouterContext } from '../../router'
import { currentUserKey } from './currentUser'

/**
 * For specs of a signed-in layout (`routes/_authed.tsx`, `routes/_admin.tsx`): the layout's own route,
 * `layout` with its id, holding `page` at `path`, beside a `/sign_in` page ("Welcome back") and an
 * `/account-deleted` one ("Your account has been deleted"), `user`
 * signed in. `answer(user)` is the server's next word on who is signed in, as a poll or a sign-in in
 * another tab brings it (null: the session ended). Stubs globals: `vi.unstubAllGlobals()` after.
 */
export async function showInLayout(
  layout: { route: AnyRoute; id: string },
  path: string,
  page: FunctionComponent,
  user: PublicUser,
) {
  // A browser tab, not the installed app; jsdom has neither.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
  vi.stubGlobal('scrollTo', () => undefined)
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserKey, user)
  const root = createRootRouteWithContext<RouterContext>()()
  layout.route.update({ id: layout.id, getParentRoute: () => root } as never)
  const router = createRouter({
    routeTree: root.addChildren([
      layout.route.addChildren([createRoute({ getParentRoute: () => layout.route, path, component: page })]),
      createRoute({ getParentRoute: () => root, path: '/sign_in', component: () => <h1>Welcome back</h1> }),
      createRoute({
        getParentRoute: () => root,
        path: '/account-deleted',
        component: () => <h1>Your account has been deleted</h1>,
      }),
    ]),
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch,
    stringifySearch,
  })
  await act(async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    await router.load()
  })
  const answer = (now: PublicUser | null) =>
    act(async () => {
      queryClient.setQueryData(currentUserKey, now)
      // The query tells its screens on the next task.
      await new Promise((resolve) => setTimeout(resolve, 0))
    })
  const at = () => {
    const { pathname, search } = router.history.location
    return { pathname, search }
  }
  return { router, answer, at }
}
