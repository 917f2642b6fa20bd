import type { FeedItem, ReactionEmoji } from '@reelmates/contracts/feed'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { visitFeedMutation } from '../../features/feed/feedMutations'
import { liveFeedPages } from '../../features/feed/feedQueries'
import { useGoneActivity } from '../../features/feed/goneActivity'
import { useNewActivity } from '../../features/feed/newActivity'
import { useFeedTimeline } from '../../features/feed/useFeed'
import { useDocumentTitle } from '../../lib/documentTitle'
import { scrollBehavior } from '../../lib/reducedMotion'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadFailed } from '../library/ScreenHeader'
import { primaryButton } from '../social/socialStyles'
import { ActivityCard } from './ActivityCard'
import { FeedHeading, FeedSkeleton } from './FeedHeading'
import { NewActivityButton } from './NewActivityButton'
import { PullToRefresh } from './PullToRefresh'
import { useFeedActions } from './useFeedActions'
import { Loading } from '../shell/NotSavedOffline'

/** Loads the next page when the end of the list scrolls into view. */
function useEndOfList(onReached: () => void, active: boolean) {
  const sentinel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const node = sentinel.current
    if (!node || !active) return
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && onReached(),
      {
        rootMargin: '600px 0px',
      },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [onReached, active])
  return sentinel
}

/**
 * Opening the feed reads it; so does seeing a newer item arrive while it is open, or brought in by
 * "Show N new activities" (which so clears the Feed badge as opening the feed does). One visit is
 * recorded when the feed opens, and another only for an item newer than what that visit read: the
 * list the feed first shows (its first answer, or the answer to the fetch under way when it opened,
 * over a list kept from before) is what the server had when the visit was recorded. Recording again
 * when that first list came sent a second visit a second after the first on a slow phone.
 */
function useFeedVisits(items: FeedItem[] | undefined, fetching: boolean, fetchedAfterMount: boolean) {
  const { mutate: recordVisit } = useMutation(visitFeedMutation)
  // '' for an empty list, undefined for none yet.
  const newest = items ? (items[0]?.createdAt ?? '') : undefined
  const visit = useRef<{ readUpTo: string | undefined; awaitingFetch: boolean } | null>(null)
  useEffect(() => {
    const read = visit.current
    if (!read) {
      visit.current = { readUpTo: newest, awaitingFetch: fetching }
      recordVisit(undefined)
      return
    }
    if (newest === undefined) return
    if (read.readUpTo === undefined || (read.awaitingFetch && fetchedAfterMount)) {
      visit.current = { readUpTo: newest, awaitingFetch: false }
      return
    }
    if (newest > read.readUpTo) {
      read.readUpTo = newest
      recordVisit(undefined)
    }
  }, [recordVisit, newest, fetching, fetchedAfterMount])
}

/** /feed: what my friends and I have been watching, newest first, with reactions and comments. */
export function FeedScreen() {
  useDocumentTitle('Feed')
  const feed = useFeedTimeline()
  const failure = useShownFailure(feed)
  const actions = useFeedActions()
  // One function for every card, the same from page to page: a new page draws its own cards only.
  const react = useCallback(
    (activityId: string, emoji: ReactionEmoji, on: boolean) => actions.react(activityId, null, emoji, on),
    [actions],
  )
  useFeedVisits(feed.items, feed.isFetching, feed.isFetchedAfterMount)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed
  const fresh = useNewActivity(feed.items, feed.data?.pages.length ?? 0)
  useGoneActivity(feed.data?.pages.length ?? 0)
  const list = useRef<HTMLOListElement>(null)
  const { show } = fresh
  // The list starts again from the newest, at the top of the page; the focus goes with the reader to
  // the list (the button it was on has gone), and the next Tab reaches the first new activity.
  const showNewActivity = useCallback(
    () =>
      void show().then(() => {
        window.scrollTo({ top: 0, behavior: scrollBehavior() })
        list.current?.focus({ preventScroll: true })
      }),
    [show],
  )
  const sentinel = useEndOfList(
    () => void (hasNextPage && !isFetchingNextPage && fetchNextPage()),
    hasNextPage && !isFetchingNextPage,
  )

  return (
    <section aria-labelledby="screen-title">
      <FeedHeading />
      <PullToRefresh
        onRefresh={() => ((feed.data?.pages.length ?? 0) > liveFeedPages ? fresh.refresh() : feed.refetch())}
      >
        <NewActivityButton fresh={fresh} onShow={showNewActivity} />
        {failure && !feed.items ? (
          <LoadFailed failure={failure} onRetry={() => void feed.refetch()} />
        ) : !feed.items ? (
          <Loading what="Your feed">
            <FeedSkeleton />
          </Loading>
        ) : feed.items.length === 0 ? (
          <div className="rounded-2xl bg-panel px-6 py-10 text-center ring-1 ring-white/10">
            <p className="text-lg font-semibold text-white">Nothing here yet</p>
            <p className="mt-1 text-sm text-zinc-400">
              When your friends log what they watch, it shows up here. Add friends, or log a title yourself.
            </p>
            <Link to="/friends" className={`${primaryButton} mt-5`}>
              Find friends
            </Link>
          </div>
        ) : (
          <ol ref={list} tabIndex={-1} className="flex flex-col gap-4 outline-none" aria-label="Activity">
            {feed.items.map((item, index) => (
              <li key={item.id}>
                <ActivityCard item={item} me={actions.me} priority={index < 2} onReact={react} />
              </li>
            ))}
          </ol>
        )}
        <div ref={sentinel} aria-hidden="true" />
        {isFetchingNextPage ? <p className="py-4 text-center text-sm text-zinc-400">Loading more…</p> : null}
        {feed.items && feed.items.length > 0 && !hasNextPage ? (
          <p className="py-6 text-center text-xs text-zinc-400">You're all caught up.</p>
        ) : null}
      </PullToRefresh>
    </section>
  )
}
