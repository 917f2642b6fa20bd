import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { signInSearch } from '@reelmates/contracts/accountPages'
import { isRecommendationLink, recommendationArrival } from '../features/account/afterSignIn'
import { knownUser } from '../features/account/currentUser'
import { safeReturnTo } from '../features/account/returnTo'

/**
 * Sign-in and sign-up: a logged-in visitor goes on to returnTo, or /home (spec §2, §4); from a
 * recommendation mail's link, to the received box that claims it.
 */
export const Route = createFileRoute('/_guest')({
  beforeLoad: async ({ context, search }) => {
    const user = await knownUser(context.queryClient)
    if (user) {
      // A recommendation mail's link opened by a member signed in already: it is theirs to claim, as
      // signing in from its page would make it (its address may not be the one their account has).
      const link = signInSearch.parse(search)
      if (isRecommendationLink(link) && link.token)
        throw redirect({ href: recommendationArrival(link.token), replace: true })
      const returnTo = (search as { returnTo?: unknown }).returnTo
      throw redirect({
        href: safeReturnTo(typeof returnTo === 'string' ? returnTo : undefined) ?? '/home',
        replace: true,
      })
    }
  },
  component: Outlet,
})
