import { useCurrentUser } from '../../features/account/currentUser'
import type { InvitationQuestion } from '../../features/friends/useInvitationOnArrival'
import { ConfirmDialog } from './ConfirmDialog'
import { focusScreenStartWhenLost } from '../shell/FocusOnNewScreen'

/**
 * Asked of a member signed in who opened a friend invitation mailed to another address (a forwarded
 * mail, a shared computer): whose it looks like, and which account would become the inviter's friend.
 * "Not now" accepts nothing, and leaves the link to whoever it was meant for.
 */
export function InvitationLinkQuestion({
  question,
  onTake,
  onLeave,
}: {
  question: InvitationQuestion
  onTake: () => void
  onLeave: () => void
}) {
  const username = useCurrentUser().data?.username
  const { inviter, sentTo } = question
  return (
    <ConfirmDialog
      title={username ? `Accept ${inviter}'s invitation as ${username}?` : `Accept ${inviter}'s invitation?`}
      confirmLabel="Accept"
      cancelLabel="Not now"
      tone="plain"
      onConfirm={onTake}
      onClose={() => {
        onLeave()
        focusScreenStartWhenLost()
      }}
    >
      <p>
        {inviter} sent this invitation to {sentTo ?? 'another address'}. Accepting it makes you friends.
      </p>
    </ConfirmDialog>
  )
}
