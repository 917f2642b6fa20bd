import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { knownUser, useCurrentUser } from '../features/account/currentUser'
import { AppShell } from '../components/shell/AppShell'
import { SignedInPage } from '../components/account/SessionEnded'
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
  const user = data === undefined ? checkedUser : data
  // The session can end while the app is open (logout elsewhere, expiry, suspension): the next check
  // says so, and signing in again comes back here. Unsaved words are kept on the page first.
  return (
    <SignedInPage user={user}>
      {user && (
        <AppShell user={user}>
          <Outlet />
        </AppShell>
      )}
    </SignedInPage>
  )
}
