import { useLinkPreview, type LinkPreview } from '../../lib/linkPreview'
import { isInvitation, type InviteParams } from '../account/afterSignIn'
import { friendsCalls } from './friendsCalls'

/** What an invitation's sign-in or sign-up page may say of it: `named` carries the inviter's username. */
export type InvitationLink = LinkPreview<string>

/**
 * The inviter of the page's invitation, as the server reads it from the token. The link's `from=` is
 * anyone's to type ("YourBank invited you…"), so it never names anyone: the token, which only the
 * invited mailbox got, does. An invitation without a token names nobody.
 */
export function useInvitationLink(search: InviteParams): InvitationLink {
  const invited = isInvitation(search)
  const preview = useLinkPreview('invitation-link', invited ? search.token : undefined, (token) =>
    friendsCalls.invitationLink(token).then((answer) => answer.inviter.username),
  )
  return invited && preview.kind === 'none' ? { kind: 'unnamed' } : preview
}
