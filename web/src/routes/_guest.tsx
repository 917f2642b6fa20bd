import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { knownUser } from '../features/account/currentUser'
import { safeReturnTo } from '../features/account/returnTo'

/** Sign-in and sign-up: a logged-in visitor goes on to returnTo, or /home (spec §2, §4). */
export const Route = createFileRoute('/_guest')({
  beforeLoad: async ({ context, search }) => {
    const user = await knownUser(context.queryClient)
    if (user) {
      const returnTo = (search as { returnTo?: unknown }).returnTo
      throw redirect({
        href: safeReturnTo(typeof returnTo === 'string' ? returnTo : undefined) ?? '/home',
        replace: true,
      })
    }
  },
  component: Outlet,
})
