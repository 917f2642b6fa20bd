import type { FriendshipItem, LastWatch } from '@reelmates/contracts/friendships'
import { foldForSearch } from '@reelmates/contracts/searchFold'
import { Link } from '@tanstack/react-router'
import { useId, useRef, useState, type ReactNode } from 'react'
import { useFocusInPlaceWhenGone } from '../../lib/focusLost'
import { StarRating } from '../library/StarRating'
import { Avatar } from './Avatar'
import { FriendButton } from './FriendButton'
import { friendsHeadingId, PersonLink, Section } from './FriendLists'
import { inputClass, monthYear } from './socialStyles'

/** What a friend watched last, one line: the title (to its page) and their stars. */
function LastWatched({ watch }: { watch: LastWatch }) {
  return (
    // The title keeps a few letters: on a narrow screen the stars go under it rather than squeeze it to "T…".
    <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-zinc-300">
      {/* An eye on a phone, where the words would leave no room for the title. */}
      <svg viewBox="0 0 20 20" className="h-3.5 w-3.5 shrink-0 fill-zinc-500 sm:hidden" aria-hidden="true">
        <path d="M10 4C5 4 2 10 2 10s3 6 8 6 8-6 8-6-3-6-8-6zm0 9.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z" />
      </svg>
      <span className="sr-only shrink-0 text-zinc-400 sm:not-sr-only">Last watched</span>
      <Link
        to="/media/$mediaType/$id"
        params={{ mediaType: watch.mediaType, id: String(watch.tmdbId) }}
        className="min-w-16 truncate font-medium hover:underline"
      >
        {watch.title}
      </Link>
      <StarRating rating={watch.rating} className="shrink-0" />
    </p>
  )
}

function FriendRow({ item, onUnfriend }: { item: FriendshipItem; onUnfriend: (pressed: HTMLButtonElement) => void }) {
  return (
    <li className="flex items-center gap-3 px-3 py-3 sm:px-4">
      <Avatar username={item.user.username} avatarUrl={item.user.avatarUrl} size="md" />
      <div className="min-w-0 flex-1">
        <PersonLink username={item.user.username} />
        <p className="text-xs text-zinc-400">Friends since {monthYear(item.since)}</p>
        {item.lastWatched ? <LastWatched watch={item.lastWatched} /> : null}
      </div>
      <FriendButton
        relation="friends"
        username={item.user.username}
        friendshipId={item.id}
        size="sm"
        showFriendsBadge={false}
        onChangeSent={onUnfriend}
      />
    </li>
  )
}

/**
 * From this many friends on, the list has a filter by name: a shorter list is read at a glance, and a
 * box over it would only be one more stop for the keyboard.
 */
export const friendsFilterFrom = 8

/**
 * Whose username contains what was typed, in any case and with or without accents, as Find people
 * compares them ("emile" finds Émile): a part remembered from the middle finds them too.
 */
const named = (items: FriendshipItem[], typed: string) => {
  const wanted = foldForSearch(typed)
  return items.filter((item) => foldForSearch(item.user.username).includes(wanted))
}

export function FriendsGrid({ items, empty }: { items: FriendshipItem[]; empty: ReactNode }) {
  const list = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const filterId = useId()
  const [filter, setFilter] = useState('')
  const typed = filter.trim()
  const shown = typed ? named(items, typed) : items
  // Kept while it holds something, even once unfriending leaves fewer: the focus may be in it.
  const filtering = items.length >= friendsFilterFrom || filter !== ''
  /**
   * An unfriended row leaves once the server has answered, with the focus on its Unfriend. The focus
   * goes on to the friend then in its place (the next one, or the one before when it was the last),
   * else, nobody left, to the list's heading.
   */
  const unfriended = useFocusInPlaceWhenGone(list, () => heading.current)
  return (
    <Section id={friendsHeadingId} title="Your friends" count={shown.length} total={items.length} headingRef={heading}>
      {items.length === 0 ? (
        empty
      ) : (
        <>
          {filtering ? (
            <div className="mb-3">
              <label htmlFor={filterId} className="sr-only">
                Find among your friends
              </label>
              <input
                id={filterId}
                type="search"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="Find among your friends"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                className={inputClass}
              />
            </div>
          ) : null}
          <div aria-live="polite" className="empty:hidden">
            {typed && shown.length === 0 ? (
              <p className="text-sm text-zinc-400">No friend's name contains “{typed}”.</p>
            ) : typed ? (
              <p className="sr-only">
                {shown.length} of {items.length} friends
              </p>
            ) : null}
          </div>
          {shown.length > 0 ? (
            <ul ref={list} className="divide-y divide-white/5 rounded-2xl bg-panel ring-1 ring-white/10">
              {shown.map((item) => (
                <FriendRow key={item.id} item={item} onUnfriend={unfriended} />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Section>
  )
}
