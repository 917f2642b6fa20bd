import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { signInSearch } from '@reelmates/contracts/accountPages'
import { destinationAfterSignIn } from '../features/account/afterSignIn'
import { knownUser } from '../features/account/currentUser'
import { useFollowSignInElsewhere } from '../features/account/signInElsewhere'

/**
 * Sign-in and sign-up: a logged-in visitor goes on where signing in would have taken them (spec §2,
 * §4): returnTo, or /home. A recommendation or friend invitation mailed to an address and opened by a
 * member signed in already is theirs to take, as signing in from its page would make it (the address
 * may not be the one their account has): to the received box that claims the recommendation, or to
 * /home carrying the invitation, which accepts it. A sign-in in another tab while the page is open
 * sends it on the same way (`signInElsewhere.ts`).
 */
export const Route = createFileRoute('/_guest')({
  beforeLoad: async ({ context, search }) => {
    // Not knowing who is signed in, the page asked for is shown: signing in may still work.
    const user = await knownUser(context.queryClient).catch(() => null)
    if (user) throw redirect({ href: destinationAfterSignIn(signInSearch.parse(search)), replace: true })
  },
  component: GuestPage,
})

function GuestPage() {
  useFollowSignInElsewhere(destinationAfterSignIn(signInSearch.parse(Route.useSearch())))
  return <Outlet />
}
