import { friendshipIdOf, type FriendsAnswer, type FriendshipState } from '@reelmates/contracts/friendships'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { friendsListQuery, userSearchQuery } from '../../features/friends/queries'
import { Avatar } from './Avatar'
import { FriendButton } from './FriendButton'
import { inputClass, panel, sectionHeading } from './socialStyles'

export const findPeopleInputId = 'find-people'

/** Where I stand with a member by my friends list: a friend, asked by me, asking me, or none of these. */
function standingIn(list: FriendsAnswer, userId: string): FriendshipState {
  const has = (items: FriendsAnswer['friends']) => items.some((item) => item.user.id === userId)
  if (has(list.friends)) return 'friends'
  if (has(list.outgoing)) return 'outgoing'
  if (has(list.incoming)) return 'incoming'
  return 'none'
}

/** Find members by the start of their username, and ask them right from the result. */
export function FindPeople({ myId }: { myId: string }) {
  const headingId = useId()
  const [text, setText] = useState('')
  const settled = useDebouncedValue(text.trim(), 250)
  const results = useQuery(userSearchQuery(settled))
  const users = results.data?.users ?? []
  // Each person found says where we stood when the search was answered; the friends list beside it
  // is asked again while /friends is open, and after every change made here. The newer of the two
  // answers says where we stand: "Requested · Cancel" stayed on a person who had since accepted.
  const list = useQuery(friendsListQuery())
  const listIsNewer = list.data !== undefined && list.dataUpdatedAt > results.dataUpdatedAt

  return (
    <section aria-labelledby={headingId} className={panel}>
      <h2 id={headingId} className={sectionHeading}>
        Find people
      </h2>
      <p className="mt-1 text-sm text-zinc-400">Search Reelmates members by username.</p>
      <div className="relative mt-3">
        <svg
          viewBox="0 0 20 20"
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 fill-zinc-500"
        >
          <path d="M8.5 2a6.5 6.5 0 015.2 10.4l4 4-1.4 1.4-4-4A6.5 6.5 0 118.5 2zm0 2a4.5 4.5 0 100 9 4.5 4.5 0 000-9z" />
        </svg>
        <label htmlFor={findPeopleInputId} className="sr-only">
          Username
        </label>
        <input
          id={findPeopleInputId}
          type="search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          placeholder="Username"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${inputClass} pl-9`}
        />
      </div>
      <div aria-live="polite" className="empty:hidden">
        {settled && results.isError ? (
          <p className="mt-3 text-sm text-rose-300">{results.error.message}</p>
        ) : settled && results.isSuccess && users.length === 0 ? (
          <p className="mt-3 text-sm text-zinc-400">No member's username starts with “{settled}”.</p>
        ) : settled && results.data?.more ? (
          <p className="mt-3 text-sm text-zinc-400">
            Showing the first {users.length} matches — type more of the name to narrow them.
          </p>
        ) : settled && users.length > 0 ? (
          // The list below says nothing as it comes: a screen reader hears how many, for what was typed.
          <p className="sr-only">
            {users.length === 1 ? '1 person' : `${users.length} people`} found for “{settled}”
          </p>
        ) : null}
      </div>
      {settled && users.length > 0 ? (
        <ul aria-label="People found" className="mt-3 divide-y divide-white/5">
          {users.map((user) => (
            // The name is all there is to tell a member by ("margot_reels" from "margot_reads"): it is
            // never cut, and the buttons go under it when the two do not fit on one line.
            <li key={user.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2.5">
              <span className="flex min-w-0 flex-auto items-center gap-3">
                <Avatar username={user.username} avatarUrl={user.avatarUrl} />
                <Link
                  to="/profile/$username"
                  params={{ username: user.username }}
                  className="min-w-0 font-medium [overflow-wrap:anywhere] text-zinc-100 hover:text-white hover:underline"
                >
                  {user.username}
                </Link>
              </span>
              <span className="ml-auto">
                {user.friendship === 'self' ? (
                  <span className="text-xs text-zinc-400">You</span>
                ) : (
                  <FriendButton
                    relation={listIsNewer ? standingIn(list.data, user.id) : user.friendship}
                    username={user.username}
                    friendshipId={friendshipIdOf(myId, user.id)}
                    size="sm"
                  />
                )}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
