import { queryOptions, useQuery } from '@tanstack/react-query'
import { isApiError } from '../../lib/apiError'
import { retryUnanswered } from '../../lib/queryClient'
import { isInvitation, type InviteParams } from '../account/afterSignIn'
import { friendsCalls } from './friendsCalls'

/** What an invitation's sign-in or sign-up page may say of it. */
export type InvitationLink =
  | { kind: 'none' }
  /** Being asked, unanswered (offline), or a link without a token: nobody is named. */
  | { kind: 'unnamed' }
  | { kind: 'named'; inviter: string }
  /** The server's reason the link would make no friendship (unknown, used, expired, cancelled…). */
  | { kind: 'refused'; message: string }

export const invitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation-link', token] as const,
    queryFn: () => friendsCalls.invitationLink(token),
    staleTime: Infinity,
    retry: retryUnanswered,
  })

/**
 * The inviter of the page's invitation, as the server reads it from the token. The link's `from=` is
 * anyone's to type ("YourBank invited you…"), so it never names anyone: the token, which only the
 * invited mailbox got, does.
 */
export function useInvitationLink(search: InviteParams): InvitationLink {
  const invited = isInvitation(search)
  const token = invited ? search.token : undefined
  const answer = useQuery({ ...invitationLinkQuery(token ?? ''), enabled: Boolean(token) })
  if (!invited) return { kind: 'none' }
  if (answer.data) return { kind: 'named', inviter: answer.data.inviter.username }
  const error = answer.error
  if (isApiError(error) && error.status >= 400 && error.status < 500) return { kind: 'refused', message: error.message }
  return { kind: 'unnamed' }
}
