import { createFileRoute, Outlet, redirect, useRouterState } from '@tanstack/react-router'
import { knownUser, useCurrentUser } from '../features/account/currentUser'
import { AppShell } from '../components/shell/AppShell'
import { SessionEnded } from '../components/account/SessionEnded'
import { SessionUnknownScreen } from '../components/account/SessionUnknownScreen'

/** Logged-in routes (spec §6): an anonymous visitor goes to /sign_in, and comes back after signing in. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const user = await knownUser(context.queryClient)
    if (!user) throw redirect({ to: '/sign_in', search: { returnTo: location.href }, replace: true })
    return { user }
  },
  // Who is signed in could not be learned (no answer, a server failure): said so, never "signed out".
  errorComponent: SessionUnknownScreen,
  component: SignedInLayout,
})

function SignedInLayout() {
  const { user: checkedUser } = Route.useRouteContext()
  const { data } = useCurrentUser()
  // The page on screen: not `location`, which turns into the sign-in page's own address as soon as the
  // navigation there starts, while this layout is still drawn.
  const here = useRouterState({ select: (state) => (state.resolvedLocation ?? state.location).href })
  // The session can end while the app is open (logout elsewhere, expiry, suspension): the next check
  // says so, and signing in again comes back here. Unsaved words are kept on the page first.
  if (data === null) return <SessionEnded here={here} />
  return (
    <AppShell user={data ?? checkedUser}>
      <Outlet />
    </AppShell>
  )
}
