import { commentAnchor } from '@reelmates/contracts/feed'
import { Link, useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { isActivityGone } from '../../features/feed/feedQueries'
import { useActivity } from '../../features/feed/useFeed'
import { useDocumentTitle } from '../../lib/documentTitle'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadFailed } from '../library/ScreenHeader'
import { primaryButton } from '../social/socialStyles'
import { ActivityCard, ClosedCardLine, WhoDidWhat } from './ActivityCard'
import { CommentThread } from './CommentThread'
import { ActivityHeading, ActivitySkeleton } from './FeedHeading'
import { UnsentWords } from './UnsentWords'
import { useFeedActions } from './useFeedActions'
import { focusScreenStart } from '../shell/FocusOnNewScreen'
import { Loading } from '../shell/NotSavedOffline'

/**
 * The comment an address names (`#comment-<id>`, where the bell's line about a comment leads): once the
 * comments have come, it is scrolled to and takes the focus, once per address, unless the reader has
 * moved the focus on into the screen meanwhile. A comment deleted since leaves the focus on the
 * screen's heading.
 */
function useCommentNamedByAddress(shown: boolean): void {
  const hash = useLocation({ select: (location) => location.hash })
  const reached = useRef<string | null>(null)
  useEffect(() => {
    if (!shown || !hash.startsWith(commentAnchor('')) || reached.current === hash) return
    reached.current = hash
    const comment = document.getElementById(decodeURIComponent(hash))
    // The bell's link (outside <main>), the page's body, or the screen's start: not yet moved on.
    const focused = document.activeElement
    const moved = focused?.closest('main') != null && focused.tagName !== 'MAIN' && focused.id !== 'screen-title'
    if (moved) return
    if (!comment) {
      focusScreenStart()
      return
    }
    comment.scrollIntoView({ block: 'center' })
    comment.focus({ preventScroll: true })
  }, [hash, shown])
}

/** /activity/{id}: the feed's screen focused on one activity, its comments open (spec §2). */
export function ActivityScreen({ activityId }: { activityId: string }) {
  const activity = useActivity(activityId)
  const { answer, refetch } = activity
  const failure = useShownFailure(activity)
  const actions = useFeedActions()
  // Checked before the answer: a refetch that finds it gone (deleted, or the friendship ended while
  // the page was open) must not leave the last copy on screen, with buttons that can only fail.
  const gone = failure !== null && isActivityGone(failure)
  // Kept here, above the comment box that goes with the activity: someone writing when it went (its
  // owner unfriended them, or deleted it) still has their words.
  const [unsentComment, setUnsentComment] = useState('')
  const [unsentEdit, setUnsentEdit] = useState('')
  useCommentNamedByAddress(answer !== undefined && !gone)
  useDocumentTitle(
    answer ? `${answer.activity.user.username} · ${answer.activity.mediaTitle ?? 'Activity'}` : 'Activity',
  )

  return (
    <section aria-labelledby="screen-title">
      <ActivityHeading>
        {answer && !gone ? <WhoDidWhat item={answer.activity} meId={actions.me.id} plain /> : 'Activity'}
      </ActivityHeading>
      {!answer && !failure ? (
        <Loading what="This activity">
          <ActivitySkeleton />
        </Loading>
      ) : gone ? (
        <div className="rounded-2xl bg-panel px-6 py-10 text-center ring-1 ring-white/10">
          <p className="text-lg font-semibold text-white">This activity isn't available</p>
          <p className="mt-1 text-sm text-zinc-400">
            It may have been removed or made private, or it is only shared with its owner's friends.
          </p>
          {unsentComment.trim() !== '' ? (
            <UnsentWords title="Your comment wasn't posted" words={unsentComment}>
              It can't be posted here any more. Your words are below, to copy.
            </UnsentWords>
          ) : null}
          {unsentEdit.trim() !== '' ? (
            <UnsentWords title="Your edit wasn't saved" words={unsentEdit}>
              Your comment can't be changed here any more. Your words are below, to copy.
            </UnsentWords>
          ) : null}
          <Link to="/feed" className={`${primaryButton} mt-5`}>
            Open your feed
          </Link>
        </div>
      ) : answer ? (
        <ActivityCard
          item={answer.activity}
          me={actions.me}
          linkComments={false}
          priority
          onReact={(id, emoji, on) => actions.react(id, null, emoji, on)}
        >
          <CommentThread
            activityId={activityId}
            activityOwnerId={answer.activity.user.id}
            addresseeId={answer.activity.target?.id ?? null}
            closedLine={answer.activity.closed ? <ClosedCardLine item={answer.activity} meId={actions.me.id} /> : null}
            comments={answer.comments}
            actions={actions}
            onUnsentComment={setUnsentComment}
            onUnsentEdit={setUnsentEdit}
          />
        </ActivityCard>
      ) : (
        <LoadFailed what="this activity" failure={failure} onRetry={() => void refetch()} />
      )}
    </section>
  )
}
