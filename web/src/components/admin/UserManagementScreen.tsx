import type { AdminUser } from '@reelmates/contracts/userManagement'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useCurrentUser } from '../../features/account/currentUser'
import { adminUsersQuery, useUserAction, type UserAction } from '../../features/admin/userManagement'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { useFocusInPlaceWhenGone } from '../../lib/focusLost'
import { AdminScreen } from '../shell/AdminScreen'
import { BusyButton } from '../shell/BusyButton'
import { AdminSearchField } from './AdminSearchField'
import { AdminLoadFailed } from './AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { searchLimits } from '../../features/admin/searchLimits'
import { ConfirmDialog } from '../social/ConfirmDialog'
import { dayMonth, panel, quietButton, secondaryButton } from '../social/socialStyles'
import { LoadingLine } from '../shell/NotSavedOffline'

/** /admin/user-management: find an account, see its facts, change its role, suspend, restore or delete it. */
export function UserManagementScreen() {
  const [text, setText] = useState('')
  const query = useDebouncedValue(text.trim(), 250)
  const users = useInfiniteQuery(adminUsersQuery(query))
  const failure = useShownFailure(users)
  const shown = users.data?.pages.flatMap((page) => page.items) ?? []
  const total = users.data?.pages[0]?.total ?? 0
  const act = useUserAction()
  const [confirming, setConfirming] = useState<UserAction | null>(null)
  const { data: me } = useCurrentUser()
  const question = confirming ? questionOf(confirming, confirming.user.id === me?.id) : null
  const list = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  /** The "Delete account" that opened the question being asked. */
  const opener = useRef<HTMLElement | null>(null)
  /**
   * A deleted account's row leaves once the server has answered, with the focus on its "Delete
   * account" (the dialog gives it back there): the focus goes on to the same control of the account
   * then in its place (the next one, or the one before when it was the last), else to the heading.
   */
  const deleting = useFocusInPlaceWhenGone(list, () => heading.current, 'button, a[href]')

  return (
    <AdminScreen title="User management" headingRef={heading}>
      <div className="mt-6 grid gap-4">
        <AdminSearchField
          label="Search users"
          value={text}
          placeholder="Username, email or user id"
          maxLength={searchLimits.users}
          onChange={setText}
        />
        {failure && !users.data ? (
          <AdminLoadFailed error={failure} onRetry={() => void users.refetch()} />
        ) : !users.data ? (
          <LoadingLine what="users" />
        ) : shown.length === 0 ? (
          <p className="text-zinc-400">{query ? `No user matches “${query}”.` : 'No users yet.'}</p>
        ) : (
          <>
            <p role="status" className="text-sm text-zinc-400">
              {shown.length < total
                ? `Showing the newest ${shown.length} of ${total} ${query ? 'matches' : 'members'}`
                : `${total} ${total === 1 ? (query ? 'match' : 'member') : query ? 'matches' : 'members'}`}
            </p>
            <ul ref={list} className="grid gap-3" aria-label="Users">
              {shown.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isMe={user.id === me?.id}
                  busy={act.isPending}
                  // Giving full admin rights asks first, as suspending and deleting do; taking them away gives
                  // nobody new powers and goes at once, unless they are the admin's own.
                  onAction={(action, control) => {
                    opener.current = control ?? null
                    if (action.kind === 'role' && action.role !== 'Admin' && action.user.id !== me?.id)
                      act.mutate(action)
                    else setConfirming(action)
                  }}
                />
              ))}
            </ul>
            {users.hasNextPage ? (
              <button
                type="button"
                onClick={() => void users.fetchNextPage()}
                disabled={users.isFetchingNextPage}
                className={`${secondaryButton} justify-self-start`}
              >
                {users.isFetchingNextPage ? 'Loading more…' : 'Show more'}
              </button>
            ) : null}
          </>
        )}
      </div>
      {confirming && question ? (
        <ConfirmDialog
          title={question.title}
          confirmLabel={question.confirmLabel}
          cancelLabel={question.cancelLabel}
          onConfirm={() => {
            act.mutate(confirming)
            if (confirming.kind === 'delete' && opener.current) deleting(opener.current)
            setConfirming(null)
          }}
          onClose={() => setConfirming(null)}
        >
          <p className="text-sm text-zinc-300">{question.text}</p>
        </ConfirmDialog>
      ) : null}
    </AdminScreen>
  )
}

interface Question {
  title: string
  text: string
  confirmLabel: string
  /** The way out, named for what it leaves as it is ("Keep" alone did not say what it kept). */
  cancelLabel: string
}

/** What the screen asks before an action; about the admin's own account it says so, since it ends their own admin work. */
function questionOf(action: UserAction, isMe: boolean): Question {
  const name = action.user.username
  switch (action.kind) {
    case 'role':
      return action.role === 'Admin'
        ? {
            title: `Make ${name} an admin?`,
            text: 'They can open everything in the admin area: other people’s accounts, announcements to every member, campaigns, mail templates and the blog.',
            confirmLabel: 'Make admin',
            cancelLabel: 'Cancel',
          }
        : {
            title: 'Give up your admin rights?',
            text: 'You lose the admin area at once, this screen included. Only another admin can give them back.',
            confirmLabel: 'Make me a user',
            cancelLabel: 'Stay an admin',
          }
    case 'suspend':
      return isMe
        ? {
            title: 'Suspend your own sign-in?',
            text: 'You are signed out everywhere at once, here too, and cannot sign in until another admin restores you.',
            confirmLabel: 'Suspend me',
            cancelLabel: 'Cancel',
          }
        : {
            title: `Suspend ${name}?`,
            text: 'They are signed out everywhere at once and cannot sign in until you restore them.',
            confirmLabel: 'Suspend',
            cancelLabel: 'Cancel',
          }
    case 'restore':
      return {
        title: `Restore ${name}?`,
        text: 'They can sign in again with their password or a sign-in link.',
        confirmLabel: 'Restore',
        cancelLabel: 'Keep suspended',
      }
    case 'delete':
      return {
        title: `Delete ${name}?`,
        text: 'Their account and personal data are erased for good, as when they delete it themselves.',
        confirmLabel: 'Delete account',
        cancelLabel: 'Cancel',
      }
  }
}

function UserRow({
  user,
  isMe,
  busy,
  onAction,
}: {
  user: AdminUser
  isMe: boolean
  busy: boolean
  /** With "Delete account", the control used: it has the focus again when the question is answered. */
  onAction: (action: UserAction, control?: HTMLElement) => void
}) {
  const facts: [string, string][] = [
    ['Email', user.email],
    ['Joined', dayMonth(user.createdAt)],
    ['Location', user.location ?? '—'],
    ['Digest', user.digestType],
    // Named as the member's own profile names it.
    ['Tips and news emails', user.receiveCampaignEmails ? 'Yes' : 'No'],
    ['Push', user.pushNotificationsEnabled ? 'On' : 'Off'],
    ['Onboarded', user.onboardingCompleted ? 'Yes' : 'No'],
    ['Last read news', user.lastNewsVisit ? dayMonth(user.lastNewsVisit) : 'Never'],
  ]
  return (
    <li className={panel} aria-label={user.username}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-white">{user.username}</h2>
        {isMe ? <span className="text-xs text-zinc-400">(you)</span> : null}
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${user.role === 'Admin' ? 'bg-gold/15 text-gold' : 'bg-white/5 text-zinc-300'}`}
        >
          {user.role}
        </span>
        {user.suspended ? (
          <span className="rounded-full bg-red-500/15 px-2 py-0.5 text-xs font-semibold text-red-300">Suspended</span>
        ) : null}
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="flex min-w-0 gap-2">
            <dt className="shrink-0 text-zinc-400">{label}</dt>
            <dd className="truncate text-zinc-200">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <BusyButton
          className={secondaryButton}
          busy={busy}
          onClick={() => onAction({ kind: 'role', user, role: user.role === 'Admin' ? 'User' : 'Admin' })}
        >
          {user.role === 'Admin' ? 'Make user' : 'Make admin'}
        </BusyButton>
        <BusyButton
          className={secondaryButton}
          busy={busy}
          onClick={() => onAction(user.suspended ? { kind: 'restore', user } : { kind: 'suspend', user })}
        >
          {user.suspended ? 'Restore sign-in' : 'Suspend sign-in'}
        </BusyButton>
        {isMe ? (
          // One's own account goes from the profile, which asks for the password and signs out after:
          // deleted here, the admin would be left on a screen whose every call fails.
          <Link to="/profile" hash="delete-account-title" className={`${quietButton} text-red-300`}>
            Delete my account on my profile
          </Link>
        ) : (
          <BusyButton
            className={`${quietButton} text-red-300`}
            busy={busy}
            onClick={(event) => onAction({ kind: 'delete', user }, event.currentTarget)}
          >
            Delete account
          </BusyButton>
        )}
        {/* The event history's person filter takes a user id, which this screen is the one place to find. */}
        <Link
          to="/admin/events"
          search={{ userId: user.id }}
          aria-label={`Events of ${user.username}`}
          className={secondaryButton}
        >
          Events
        </Link>
      </div>
    </li>
  )
}
