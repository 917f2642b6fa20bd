import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useEffect } from 'react'
import { AccessDenied } from '../components/shell/AccessDenied'
import { AppShell } from '../components/shell/AppShell'
import { SignedInPage } from '../components/account/SessionEnded'
import { SessionUnknownScreen } from '../components/account/SessionUnknownScreen'
import { freshUser, isAdmin, knownUser, useCurrentUser } from '../features/account/currentUser'
import { unregisterServiceWorker } from '../features/update/serviceWorker'

/** Admin-only routes (spec §6): everyone else sees Access Denied and is sent to /sign_in (a member, home). */
export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context }) => {
    const known = await knownUser(context.queryClient)
    // A member promoted since the app loaded still has the old role cached: ask the server before refusing
    // (and refuse on the role known, when it cannot be asked).
    const user = known && !isAdmin(known) ? await freshUser(context.queryClient).catch(() => known) : known
    return { user, allowed: isAdmin(user) }
  },
  errorComponent: SessionUnknownScreen,
  component: AdminLayout,
})

function AdminLayout() {
  const checked = Route.useRouteContext()
  // The role can change while the area is open (an admin demoted, suspended): a refused admin call
  // asks again (sessionRecheck.ts), and the latest answer decides, not the one the page opened with.
  const { data } = useCurrentUser()
  const user = data === undefined ? checked.user : data
  const allowed = data === undefined ? checked.allowed : isAdmin(data)
  // Spec §4: admin screens always talk to the live server, never to a cached app.
  useEffect(() => void unregisterServiceWorker(), [])
  // A session that ends here ends as in the member area: unsaved words (a post being written) are kept.
  return (
    <SignedInPage user={user}>
      {allowed && user ? (
        <AppShell user={user}>
          <Outlet />
        </AppShell>
      ) : (
        <AccessDenied signedIn={user !== null} />
      )}
    </SignedInPage>
  )
}
