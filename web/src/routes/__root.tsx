import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { AppChrome } from '../components/shell/AppChrome'
import { NotFoundPage } from '../components/shell/NotFoundScreen'
import type { RouterContext } from '../router'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <AppChrome>
      <Outlet />
    </AppChrome>
  ),
  notFoundComponent: NotFoundPage,
})
