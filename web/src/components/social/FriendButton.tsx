import type { FriendshipState } from '@reelmates/contracts/friendships'
import { useState } from 'react'
import { useAcceptFriend, useAskFriend, useDeclineFriend, useRemoveFriend } from '../../features/friends/mutations'
import { toast } from '../../lib/toast'
import { ConfirmDialog } from './ConfirmDialog'
import { primaryButton, quietButton, secondaryButton } from './socialStyles'

interface FriendButtonProps {
  relation: FriendshipState
  username: string
  /** The pair's friendship id; needed for every state but `none` and `self`. */
  friendshipId: string
  size?: 'sm' | 'md'
  /** In a list of friends "Friends" goes without saying: only the way to end it shows. */
  showFriendsBadge?: boolean
  /** Runs when an unfriending is confirmed, for a list whose row leaves with the friendship. */
  onUnfriend?: () => void
}

const check = (
  <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
    <path d="M4.5 10.5l3.5 3.5 7.5-8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

/** What I can do about someone, from where we stand: add, cancel my request, answer theirs, or unfriend. */
export function FriendButton({
  relation,
  username,
  friendshipId,
  size = 'md',
  showFriendsBadge = true,
  onUnfriend,
}: FriendButtonProps) {
  const ask = useAskFriend()
  const accept = useAcceptFriend()
  const decline = useDeclineFriend()
  const remove = useRemoveFriend()
  const [confirming, setConfirming] = useState(false)
  const busy = ask.isPending || accept.isPending || decline.isPending || remove.isPending
  const small = size === 'sm' ? ' h-8 px-3 text-xs' : ''
  const pair = { id: friendshipId, username }

  switch (relation) {
    case 'self':
      return null
    case 'none':
      return (
        <button
          type="button"
          disabled={busy}
          className={primaryButton + small}
          onClick={() =>
            ask.mutate(
              { username },
              {
                onError: (error) =>
                  toast({ title: "Couldn't send the request", description: error.message, variant: 'destructive' }),
              },
            )
          }
        >
          Add friend
        </button>
      )
    case 'outgoing':
      return (
        <span className="inline-flex items-center gap-1">
          <span className={`${secondaryButton}${small} pointer-events-none border-dashed text-zinc-300`}>
            Requested
          </span>
          <button
            type="button"
            disabled={busy}
            className={quietButton + small}
            aria-label={`Cancel your friend request to ${username}`}
            onClick={() => remove.mutate({ ...pair, kind: 'cancel' })}
          >
            Cancel
          </button>
        </span>
      )
    case 'incoming':
      return (
        <span className="inline-flex items-center gap-1">
          <button
            type="button"
            disabled={busy}
            className={primaryButton + small}
            aria-label={`Accept ${username}'s friend request`}
            onClick={() => accept.mutate(pair)}
          >
            Accept
          </button>
          <button
            type="button"
            disabled={busy}
            className={quietButton + small}
            aria-label={`Decline ${username}'s friend request`}
            onClick={() => decline.mutate(pair)}
          >
            Decline
          </button>
        </span>
      )
    case 'friends':
      return (
        <span className="inline-flex items-center gap-1">
          {showFriendsBadge ? (
            <span className={`${secondaryButton}${small} pointer-events-none text-emerald-300`}>{check} Friends</span>
          ) : null}
          <button
            type="button"
            disabled={busy}
            className={quietButton + small}
            aria-label={`Unfriend ${username}`}
            onClick={() => setConfirming(true)}
          >
            Unfriend
          </button>
          {confirming ? (
            <ConfirmDialog
              title={`Unfriend ${username}?`}
              confirmLabel="Unfriend"
              onConfirm={() => {
                remove.mutate({ ...pair, kind: 'unfriend' })
                onUnfriend?.()
              }}
              onClose={() => setConfirming(false)}
            >
              Your activity leaves each other's feeds, and neither of you can comment on the other's any more. You can
              send a new request later.
            </ConfirmDialog>
          ) : null}
        </span>
      )
  }
}
