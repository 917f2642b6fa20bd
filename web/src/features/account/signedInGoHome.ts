import type { QueryClient } from '@tanstack/react-query'
import { redirect } from '@tanstack/react-router'
import { knownUser } from './currentUser'

/**
 * Spec §4 "Auth pages redirect a logged-in user to /home", for the recovery pages: someone signed in
 * has nothing to recover. The reset-password page is deliberately not one of them: its token is the
 * credential, and a person who forgot the password while still signed in on this device must be able
 * to use the link (the profile's password change would ask for the forgotten current password).
 */
export async function sendSignedInUserHome(queryClient: QueryClient): Promise<void> {
  // Not knowing who is signed in, the page is shown: asking for a mail does no harm.
  if (await knownUser(queryClient).catch(() => null)) throw redirect({ to: '/home', replace: true })
}
