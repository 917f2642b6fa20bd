import type { FriendshipState } from '@reelmates/contracts/friendships'
import { useRef, useState, type KeyboardEvent } from 'react'
import {
  tellNotDone,
  useAcceptFriend,
  useAskFriend,
  useDeclineFriend,
  useRemoveFriend,
} from '../../features/friends/mutations'
import { useFocusWhenGone } from '../../lib/focusLost'
import { isDoubleClickRepeat } from '../../lib/quickPresses'
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

/** What the last change made here was, said beside the "Add friend" that it leaves. */
type Outcome = 'Declined' | 'Cancelled' | 'Unfriended'

/** A word that takes the focus from script shows where it is, as a button would. */
const focusRing = 'outline-none focus-visible:ring-2 focus-visible:ring-amber-400'

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
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // Their new request after my decline, say, is not something I just did: the word goes once the
  // relation is anything but the "Add friend" it was said beside.
  const [outcomeFor, setOutcomeFor] = useState(relation)
  if (relation !== outcomeFor) {
    setOutcomeFor(relation)
    if (relation !== 'none') setOutcome(null)
  }
  // A change the server refused did not happen: its word must not show should the relation later
  // become "none" another way (they cancel the request I failed to decline).
  const forgetOutcome = () => setOutcome(null)
  const small = size === 'sm' ? ' h-8 px-3 text-xs' : ''
  const pair = { id: friendshipId, username }
  const root = useRef<HTMLElement>(null)
  const unfriendButton = useRef<HTMLButtonElement>(null)
  const requested = useRef<HTMLSpanElement>(null)
  const outcomeWord = useRef<HTMLSpanElement>(null)
  const friendsBadge = useRef<HTMLSpanElement>(null)
  const focusWhenGone = useFocusWhenGone()
  const firstButtonHere = () => root.current?.querySelector('button') ?? null
  /**
   * Once the server has answered, the button used gives way to the next state's ("Unfriend" becomes
   * "Add friend"), taking the keyboard focus with it: the focus goes to `next` then. That is a word
   * saying what happened ("Requested", "Declined", "Friends"; focusable by script only), never a button
   * of the next state: a second Enter (impatience, a repeating key) pressed it, and after a decline or a
   * cancel that was "Add friend", which sent a new request and told the other person.
   *
   * Each button is disabled only while its own change is under way, not while the one before it is: a
   * change waits for every list it refetches (a search's answer can show "Requested" while the friends
   * list is still coming), and a disabled button takes no focus.
   */
  const sent = (pressed: HTMLButtonElement, next: () => HTMLElement | null) => {
    focusWhenGone(pressed, next)
    onChangeSent?.(pressed)
  }

  switch (relation) {
    case 'self':
      return null
    case 'none':
      return (
        <span ref={root} className="inline-flex items-center gap-1">
          {outcome ? (
            <span ref={outcomeWord} tabIndex={-1} className={`${focusRing} rounded px-2 text-xs text-zinc-400`}>
              {outcome}
            </span>
          ) : null}
          <button
            key="add"
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={ask.isPending}
            className={primaryButton + small}
            // Named like its neighbours ("Unfriend maya"), starting with the words shown for speech input.
            aria-label={`Add friend ${username}`}
            onClick={(event) => {
              if (isDoubleClickRepeat(event)) return
              setOutcome(null)
              ask.mutate(
                { username },
                {
                  onError: (error) =>
                    tellNotDone(error, {
                      failed: "Couldn't send the request",
                      unconfirmed: "Couldn't confirm the request was sent",
                    }),
                },
              )
              // Not to the Cancel that replaces it, which a second Enter would press: to the word that
              // says it was sent.
              sent(event.currentTarget, () => requested.current)
            }}
          >
            Add friend
          </button>
        </span>
      )
    case 'outgoing':
      return (
        <span ref={root} className="inline-flex items-center gap-1">
          <span
            ref={requested}
            tabIndex={-1}
            className={`${secondaryButton}${small} ${focusRing} pointer-events-none border-dashed text-zinc-300`}
          >
            Requested
          </span>
          <button
            key="cancel"
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={remove.isPending}
            className={quietButton + small}
            aria-label={`Cancel your friend request to ${username}`}
            onClick={(event) => {
              if (isDoubleClickRepeat(event)) return
              remove.mutate({ ...pair, kind: 'cancel' }, { onError: forgetOutcome })
              setOutcome('Cancelled')
              sent(event.currentTarget, () => outcomeWord.current)
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
            key="accept"
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={accept.isPending || decline.isPending}
            className={primaryButton + small}
            aria-label={`Accept ${username}'s friend request`}
            onClick={(event) => {
              if (isDoubleClickRepeat(event)) return
              accept.mutate(pair)
              // Where "Friends" goes without saying (no badge), to the Unfriend, which only opens a question.
              sent(event.currentTarget, () => friendsBadge.current ?? firstButtonHere())
            }}
          >
            Accept
          </button>
          <button
            key="decline"
            type="button"
            onKeyDown={ignoreHeldKey}
            disabled={accept.isPending || decline.isPending}
            className={quietButton + small}
            aria-label={`Decline ${username}'s friend request`}
            onClick={(event) => {
              if (isDoubleClickRepeat(event)) return
              decline.mutate(pair, { onError: forgetOutcome })
              setOutcome('Declined')
              sent(event.currentTarget, () => outcomeWord.current)
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
            <span
              ref={friendsBadge}
              tabIndex={-1}
              className={`${secondaryButton}${small} ${focusRing} pointer-events-none text-emerald-300`}
            >
              {check} Friends
            </span>
          ) : null}
          <button
            key="unfriend"
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
                remove.mutate({ ...pair, kind: 'unfriend' }, { onError: forgetOutcome })
                setOutcome('Unfriended')
                if (unfriendButton.current) sent(unfriendButton.current, () => outcomeWord.current)
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
 * Enter held down repeats, and each repeat presses the button that has the focus. A held Enter on
 * Cancel or Decline went on to press the "Add friend" that replaced it and sent a new request; the
 * focus goes to a word now, but a key held down for one button still never presses another. Only a
 * fresh press counts.
 */
function ignoreHeldKey(event: KeyboardEvent<HTMLButtonElement>): void {
  if (event.repeat) event.preventDefault()
}
