import { toast } from '../../lib/toast'
import { friendsCalls } from './friendsCalls'
import { signUpInvitationToast } from './invitationOnArrival'

/** After a sign-up with an invitation link: says whether it made the newcomer the inviter's friend. */
export async function tellInvitationOutcome(inviter: string | null): Promise<void> {
  // Unreachable now: the Friends page says the same when they look.
  const friends = await friendsCalls.list().catch(() => null)
  if (friends) toast(signUpInvitationToast(friends, inviter))
}
