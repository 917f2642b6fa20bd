import type { FriendshipState } from '@reelmates/contracts/friendships'
import { useRef, useState, type KeyboardEvent } from 'react'
import { useAcceptFriend, useAskFriend, useDeclineFriend, useRemoveFriend } from '../../features/friends/mutations'
import { useFocusWhenGone } from '../../lib/focusLost'
import { isDoubleClickRepeat } from '../../lib/quickPresses'
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
  /**
   * Runs with the button used when a change is sent (an unfriending once confirmed), for a list whose
   * row leaves with it and says where the keyboard goes then.
   */
  onChangeSent?: (pressed: HTMLButtonElement) => void
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
  onChangeSent,
}: FriendButtonProps) {
  const ask = useAskFriend()
  const accept = useAcceptFriend()
  const decline = useDeclineFriend()
  const remove = useRemoveFriend()
  const [confirming, setConfirming] = useState(false)
  const small = size === 'sm' ? ' h-8 px-3 text-xs' : ''
  const pair = { id: friendshipId, username }
  const root = useRef<HTMLElement>(null)
  const unfriendButton = useRef<HTMLButtonElement>(null)
  const requested = useRef<HTMLSpanElement>(null)
  const focusWhenGone = useFocusWhenGone()
  const firstButtonHere = () => {
    const here = root.current
    return here instanceof HTMLButtonElement ? here : (here?.querySelector('button') ?? null)
  }
  /**
   * Once the server has answered, the button used gives way to the next state's ("Unfriend" becomes
   * "Add friend"), taking the keyboard focus with it: the focus goes to `next` then, the first button
   * here unless said otherwise. Each button is disabled only while its own change is under way, not
   * while the one before it is: a change waits for every list it refetches (a search's answer can show
   * "Requested" while the friends list is still coming), and a disabled button takes no focus.
   */
  const sent = (pressed: HTMLButtonElement, next: () => HTMLElement | null = firstButtonHere) => {
    focusWhenGone(pressed, next)
    onChangeSent?.(pressed)
  }

  switch (relation) {
    case 'self':
      return null
    case 'none':
      return (
        <button
          ref={(button) => {
            root.current = button
          }}
          type="button"
          onKeyDown={ignoreHeldKey}
          disabled={ask.isPending}
          className={primaryButton + small}
          onClick={(event) => {
            if (isDoubleClickRepeat(event)) return
            ask.mutate(
              { username },
              {
                onError: (error) =>
                  toast({ title: "Couldn't send the request", description: error.message, variant: 'destructive' }),
              },
            )
            // Not to the Cancel that replaces it: a second Enter (impatience, a repeating key) would
            // take the request straight back. The word that says it was sent has the focus instead.
            sent(event.currentTarget, () => requested.current)
          }}
        >
          Add friend
        </button>
      )
    case 'outgoing':
      return (
        <span ref={root} className="inline-flex items-center gap-1">
          <span
            ref={requested}
            tabIndex={-1}
            className={`${secondaryButton}${small} pointer-events-none border-dashed text-zinc-300`}
          >
            Requested
          </span>
          <button
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={remove.isPending}
            className={quietButton + small}
            aria-label={`Cancel your friend request to ${username}`}
            onClick={(event) => {
              if (isDoubleClickRepeat(event)) return
              remove.mutate({ ...pair, kind: 'cancel' })
              sent(event.currentTarget)
            }}
          >
            Cancel
          </button>
        </span>
      )
    case 'incoming':
      return (
        <span ref={root} className="inline-flex items-center gap-1">
          <button
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={accept.isPending || decline.isPending}
            className={primaryButton + small}
            aria-label={`Accept ${username}'s friend request`}
            onClick={(event) => {
              if (isDoubleClickRepeat(event)) return
              accept.mutate(pair)
              sent(event.currentTarget)
            }}
          >
            Accept
          </button>
          <button
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={accept.isPending || decline.isPending}
            className={quietButton + small}
            aria-label={`Decline ${username}'s friend request`}
            onClick={(event) => {
              if (isDoubleClickRepeat(event)) return
              decline.mutate(pair)
              sent(event.currentTarget)
            }}
          >
            Decline
          </button>
        </span>
      )
    case 'friends':
      return (
        <span ref={root} className="inline-flex items-center gap-1">
          {showFriendsBadge ? (
            <span className={`${secondaryButton}${small} pointer-events-none text-emerald-300`}>{check} Friends</span>
          ) : null}
          <button
            ref={unfriendButton}
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={remove.isPending}
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
                if (unfriendButton.current) sent(unfriendButton.current)
              }}
              onClose={() => setConfirming(false)}
            >
              Your watches and watchlist adds leave each other's feeds, and neither of you can comment on them any more.
              What you recommended to each other stays, with its comments. You can send a new request later.
            </ConfirmDialog>
          ) : null}
        </span>
      )
  }
}

/**
 * Enter held down repeats, and each repeat presses the button that has the focus. Every change here
 * hands the focus on to the next state's button once the server has answered, so a held Enter on
 * Cancel or Decline went on to press the "Add friend" that replaced it and sent a new request. Only
 * a fresh press counts.
 */
function ignoreHeldKey(event: KeyboardEvent<HTMLButtonElement>): void {
  if (event.repeat) event.preventDefault()
}
