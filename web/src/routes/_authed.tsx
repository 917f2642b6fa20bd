import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router'
import { knownUser, useCurrentUser } from '../features/account/currentUser'
import { AppShell } from '../components/shell/AppShell'

/** Logged-in routes (spec §6): an anonymous visitor goes to /sign_in, and comes back after signing in. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const user = await knownUser(context.queryClient)
    if (!user) throw redirect({ to: '/sign_in', search: { returnTo: location.href }, replace: true })
    return { user }
  },
  component: SignedInLayout,
})

function SignedInLayout() {
  const { user: checkedUser } = Route.useRouteContext()
  const { data } = useCurrentUser()
  // The session can end while the app is open (logout elsewhere, expiry): the next check says so.
  if (data === null) return <Navigate to="/sign_in" replace />
  return (
    <AppShell user={data ?? checkedUser}>
      <Outlet />
    </AppShell>
  )
}
