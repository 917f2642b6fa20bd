import type { ReactNode } from 'react'
import type { InvitationLink } from '../../features/friends/invitationLink'
import { Notice } from './FormParts'

/**
 * The invitation banner of the sign-in and sign-up pages (spec §2): who invited, once the server has
 * read it from the link's token, or why the link will not make them friends.
 */
export function InvitationNotice({ link, children }: { link: InvitationLink; children: ReactNode }) {
  if (link.kind === 'none') return null
  if (link.kind === 'refused')
    return (
      <Notice tone="info" title="This invitation link won't connect you">
        {link.message}
      </Notice>
    )
  const title = link.kind === 'named' ? `${link.value} invited you to Reelmates` : "You've been invited to Reelmates"
  return (
    <Notice tone="invite" title={title}>
      {children}
    </Notice>
  )
}
