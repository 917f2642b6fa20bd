import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import type { FeedItem, MyCommentItem } from '@reelmates/contracts/feed'
import { usePendingChanges } from '../../lib/mutations'
import { useListToShow } from '../offline/keptEmpty'
import { applyToActivity, applyToItem, type FeedChange } from './feedChanges'
import { feedMutationKey } from './feedMutations'
import { activityQuery, feedTimelineQuery, myCommentsQuery } from './feedQueries'

/**
 * The timeline as the server has it, with my changes still on their way folded on top. An item keeps
 * its object while its data does (the query's structural sharing across pages and refetches, and
 * `applyToItem` answering an item a change is not about as it was), so its memoised card is not
 * drawn again when a page loads or another item changes.
 */
export function useFeedTimeline() {
  const query = useInfiniteQuery(feedTimelineQuery())
  const pending = usePendingChanges<FeedChange>(feedMutationKey)
  const items = useMemo<FeedItem[] | undefined>(
    () => query.data?.pages.flatMap((page) => page.items).map((item) => pending.reduce(applyToItem, item)),
    [query.data, pending],
  )
  return { ...query, items: useListToShow(items, query) }
}

/** One activity with its comments, my pending changes folded on top. */
export function useActivity(id: string) {
  const query = useQuery(activityQuery(id))
  const pending = usePendingChanges<FeedChange>(feedMutationKey)
  const answer = useMemo(() => query.data && pending.reduce(applyToActivity, query.data), [query.data, pending])
  return { ...query, answer }
}

/** My own comments, without those I have deleted while the deletion is on its way (or waits offline). */
export function useMyComments() {
  const query = useInfiniteQuery(myCommentsQuery())
  const pending = usePendingChanges<FeedChange>(feedMutationKey)
  const items = useMemo<MyCommentItem[] | undefined>(() => {
    const deleted = new Set(pending.flatMap((change) => (change.kind === 'deleteComment' ? [change.commentId] : [])))
    return query.data?.pages.flatMap((page) => page.items).filter((item) => !deleted.has(item.id))
  }, [query.data, pending])
  return { ...query, items: useListToShow(items, query) }
}
