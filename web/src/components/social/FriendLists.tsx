import type { FriendshipItem, InvitationItem } from '@reelmates/contracts/friendships'
import { Link } from '@tanstack/react-router'
import { useRef, type ReactNode, type Ref } from 'react'
import { tellNotDone, useAskFriend, useCancelInvitation } from '../../features/friends/mutations'
import { useFocusInPlaceWhenGone } from '../../lib/focusLost'
import { Avatar } from './Avatar'
import { FriendButton } from './FriendButton'
import { dayMonth, quietButton, sectionHeading } from './socialStyles'
import { breakableAddress } from '../../lib/breakableAddress'

export function Section({
  id,
  title,
  count,
  total,
  headingRef,
  children,
}: {
  id: string
  title: string
  count?: number
  /** How many there are in all, when `count` is only those shown: "3 of 60". */
  total?: number
  /** For a heading that takes the focus from code (when the last of its list goes). */
  headingRef?: Ref<HTMLHeadingElement>
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <h2
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className={`${sectionHeading} mb-3 flex items-center gap-2 rounded outline-none focus-visible:ring-2 focus-visible:ring-amber-400`}
      >
        {title}
        {count !== undefined && (total ?? count) > 0 ? (
          <span className="rounded-full bg-white/10 px-2 py-0.5 text-xs font-semibold tabular-nums text-zinc-300">
            {/* Read as "Your friends, 3", not "Your friends 3": the pill's gap is only seen. */}
            <span className="sr-only">, </span>
            {total === undefined || total === count ? count : `${count} of ${total}`}
          </span>
        ) : null}
      </h2>
      {children}
    </section>
  )
}

export function PersonLink({ username }: { username: string }) {
  return (
    <Link
      to="/profile/$username"
      params={{ username }}
      className="block truncate font-semibold text-zinc-100 hover:text-white hover:underline"
    >
      {username}
    </Link>
  )
}

/** The heading of "Your friends", which also takes the focus when the last request to answer goes. */
export const friendsHeadingId = 'friends-heading'

/**
 * Requests others sent me: the one thing on this page that waits for an answer, so it comes first.
 * Rendered (as nothing) while there are none, for the focus of the last one answered.
 */
export function IncomingRequests({ items }: { items: FriendshipItem[] }) {
  const list = useRef<HTMLUListElement>(null)
  /**
   * An answered request leaves once the server has answered, with the focus on its Accept or Decline:
   * the focus goes on to the same answer of the request then in its place (the next one, or the one
   * before when it was the last), else, no request left and this list gone with them, to the heading
   * of the friends list, where an accepted friend now is.
   */
  const answered = useFocusInPlaceWhenGone(list, () => document.getElementById(friendsHeadingId))
  if (items.length === 0) return null
  return (
    <Section id="incoming-heading" title="Friend requests" count={items.length}>
      <ul ref={list} className="grid grid-cols-1 gap-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-center gap-3 rounded-2xl bg-gradient-to-r from-reel/10 to-panel p-3 ring-1 ring-reel/25"
          >
            <Avatar username={item.user.username} avatarUrl={item.user.avatarUrl} size="md" />
            {/* Wide enough for a name: on a phone the answers wrap onto their own line instead. */}
            <div className="min-w-0 flex-1 basis-44">
              <PersonLink username={item.user.username} />
              <p className="text-xs text-zinc-400">Wants to be friends · {dayMonth(item.since)}</p>
            </div>
            <div className="ml-auto">
              <FriendButton
                relation="incoming"
                username={item.user.username}
                friendshipId={item.id}
                onChangeSent={answered}
              />
            </div>
          </li>
        ))}
      </ul>
    </Section>
  )
}

function CancelInvitationButton({
  invitation,
  onChangeSent,
}: {
  invitation: InvitationItem
  onChangeSent: (pressed: HTMLButtonElement) => void
}) {
  const cancel = useCancelInvitation()
  return (
    <button
      type="button"
      disabled={cancel.isPending}
      className={`${quietButton} h-8 text-xs`}
      aria-label={`Cancel the invitation to ${invitation.email}`}
      onClick={(event) => {
        cancel.mutate(invitation)
        onChangeSent(event.currentTarget)
      }}
    >
      Cancel
    </button>
  )
}

function ResendButton({ invitation }: { invitation: InvitationItem }) {
  const ask = useAskFriend()
  return (
    <button
      type="button"
      disabled={ask.isPending}
      className={`${quietButton} h-8 text-xs`}
      aria-label={`Resend the invitation to ${invitation.email}`}
      onClick={() =>
        ask.mutate(
          { email: invitation.email, resend: true },
          {
            onError: (error) =>
              tellNotDone(error, {
                failed: "Couldn't resend the invitation",
                unconfirmed: "Couldn't confirm the invitation was sent again",
              }),
          },
        )
      }
    >
      {ask.isPending ? 'Sending…' : 'Resend'}
    </button>
  )
}

/** What I sent that is still waiting: requests to members and invitations to addresses. */
export function SentRequests({ outgoing, invitations }: { outgoing: FriendshipItem[]; invitations: InvitationItem[] }) {
  const count = outgoing.length + invitations.length
  const list = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  /**
   * A cancelled request or invitation leaves once the server has answered, with the focus on its
   * Cancel: the focus goes on to the row then in its place (the next one, or the one before when it
   * was the last), to the same button there (a request's Cancel, an invitation's Resend or Cancel by
   * place), else, nothing left, to the list's heading.
   */
  const cancelled = useFocusInPlaceWhenGone(list, () => heading.current)
  return (
    <Section id="sent-heading" title="Waiting for an answer" count={count} headingRef={heading}>
      {count === 0 ? (
        <p className="text-sm text-zinc-400">Requests and invitations you send wait here until they're answered.</p>
      ) : (
        <ul ref={list} className="divide-y divide-white/5 rounded-2xl bg-panel ring-1 ring-white/10">
          {outgoing.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <Avatar username={item.user.username} avatarUrl={item.user.avatarUrl} />
              {/* Wide enough for a name, as a request to me is: at 320 px the buttons take a line. */}
              <div className="min-w-0 flex-1 basis-36">
                <PersonLink username={item.user.username} />
                <p className="text-xs text-zinc-400">Request sent {dayMonth(item.since)}</p>
              </div>
              <div className="ml-auto">
                <FriendButton
                  relation="outgoing"
                  username={item.user.username}
                  friendshipId={item.id}
                  size="sm"
                  onChangeSent={cancelled}
                />
              </div>
            </li>
          ))}
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3 px-3 py-2.5">
              <span
                aria-hidden="true"
                className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-white/5 text-zinc-400 ring-1 ring-white/10"
              >
                <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
                  <path d="M4 6h16v12H4zM4 7l8 6 8-6" strokeLinejoin="round" />
                </svg>
              </span>
              <div className="min-w-0 flex-1 basis-36">
                {/* Wrapped, not cut: on a phone a cut address hid its domain. */}
                <p className="font-medium text-zinc-100">{breakableAddress(invitation.email)}</p>
                <p className="text-xs text-zinc-400">
                  Invited {dayMonth(invitation.sentAt)}
                  {invitation.inviteCount > 1 ? ` · sent ${invitation.inviteCount}×` : ''}
                </p>
              </div>
              <span className="ml-auto inline-flex items-center gap-1">
                <ResendButton invitation={invitation} />
                <CancelInvitationButton invitation={invitation} onChangeSent={cancelled} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
