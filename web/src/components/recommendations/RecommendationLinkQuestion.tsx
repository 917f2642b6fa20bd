import { useCurrentUser } from '../../features/account/currentUser'
import type { RecommendationQuestion } from '../../features/recommendations/useRecommendationOnArrival'
import { ConfirmDialog } from '../social/ConfirmDialog'
import { focusScreenStartWhenLost } from '../shell/FocusOnNewScreen'

/**
 * Asked of a member signed in who opened a recommendation mailed to another address (a forwarded
 * mail, a shared computer): whose it looks like, and under which account it would land. "Not now"
 * takes nothing, and leaves the link to whoever it was meant for.
 */
export function RecommendationLinkQuestion({
  question,
  onTake,
  onLeave,
}: {
  question: RecommendationQuestion
  onTake: () => void
  onLeave: () => void
}) {
  const username = useCurrentUser().data?.username
  const { from, mediaTitle, sentTo } = question
  return (
    <ConfirmDialog
      title={username ? `Add it to your recommendations as ${username}?` : 'Add it to your recommendations?'}
      confirmLabel="Add it"
      cancelLabel="Not now"
      tone="plain"
      onConfirm={onTake}
      onClose={() => {
        onLeave()
        focusScreenStartWhenLost()
      }}
    >
      <p>
        {from} recommended {mediaTitle} to {sentTo ?? 'another address'}. A friend request from {from} comes with it.
      </p>
    </ConfirmDialog>
  )
}
