import { commentAnchor, type MyCommentItem } from '@reelmates/contracts/feed'
import { shortenText } from '@reelmates/contracts/text'
import { Link } from '@tanstack/react-router'
import { useRef, useState } from 'react'
import { useMyComments } from '../../features/feed/useFeed'
import { Loading } from '../shell/NotSavedOffline'
import { quietButton } from '../social/socialStyles'
import { kindWords } from './activityName'
import { DeleteCommentDialog } from './DeleteCommentDialog'
import { TimeAgo } from './TimeAgo'
import { useFeedActions } from './useFeedActions'
import { eachLineItsDirection } from '../../lib/textDirection'

/** "ann's watch of Dune", "your watchlist add of Dune", "a watch of Dune": what a comment was on. */
export function whatItWasOn(activity: NonNullable<MyCommentItem['activity']>, me: string): string {
  const whose = activity.owner === null ? 'a' : activity.owner === me ? 'your' : `${activity.owner}'s`
  const title = activity.mediaTitle ? ` of ${activity.mediaTitle}` : ''
  return `${whose} ${kindWords[activity.activityType]}${title}`
}

/**
 * The profile's "My comments": every comment I wrote, newest first, each with what it was on and a
 * way to delete it. The one place to take back a comment on an activity I no longer see (after an
 * unfriending the activity is closed to me, and my words stay with its owner's friends).
 */
export function MyComments() {
  const { items, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = useMyComments()
  const actions = useFeedActions()
  const [confirming, setConfirming] = useState<MyCommentItem | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  let body
  if (isError && !items)
    body = <p className="text-sm text-zinc-400">Your comments couldn't be loaded. Try again later.</p>
  else if (!items)
    body = (
      <Loading what="The list of your comments" size="row">
        <p className="h-16 animate-pulse rounded-2xl bg-white/5" aria-hidden="true" />
      </Loading>
    )
  else if (items.length === 0)
    body = (
      <p className="text-sm text-zinc-400">
        You haven't commented on anything yet. Comments you write in the feed show here.
      </p>
    )
  else
    body = (
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1 rounded-2xl border border-white/5 bg-panel p-4">
            <p className="text-xs text-zinc-400">
              {item.activity === null ? (
                'On an activity that is no longer there'
              ) : item.activity.visible ? (
                <>
                  On{' '}
                  <Link
                    to="/activity/$id"
                    params={{ id: item.activity.id }}
                    hash={commentAnchor(item.id)}
                    className="font-semibold text-zinc-200 hover:underline"
                  >
                    {whatItWasOn(item.activity, actions.me.username)}
                  </Link>
                </>
              ) : (
                `On ${whatItWasOn(item.activity, actions.me.username)} you can no longer see`
              )}{' '}
              · <TimeAgo iso={item.createdAt} />
            </p>
            <p
              dir="auto"
              className={`whitespace-pre-wrap text-sm text-zinc-100 [overflow-wrap:anywhere] ${eachLineItsDirection}`}
            >
              {item.content}
            </p>
            <div>
              <button
                type="button"
                className={quietButton}
                aria-label={`Delete your comment: ${shortenText(item.content, 60)}`}
                onClick={() => setConfirming(item)}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    )

  return (
    <section aria-labelledby="my-comments-title" className="grid gap-3">
      <h2 id="my-comments-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-white">
        My comments
      </h2>
      {body}
      {hasNextPage ? (
        <div>
          <button
            type="button"
            className={quietButton}
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? 'Loading…' : 'Show more comments'}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <DeleteCommentDialog
          author={null}
          onDelete={() => {
            void actions.deleteComment(confirming.activity?.id ?? '', confirming.id)
            // Its Delete button goes with it: the list's heading keeps the keyboard in place.
            heading.current?.focus()
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </section>
  )
}
