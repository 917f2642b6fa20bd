import type { FeedAnswer } from '@reelmates/contracts/feed'
import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useEffect } from 'react'
import { feedGoneQuery, feedKeys, liveFeedPages } from './feedQueries'

/** The timeline without the activities `gone`; the same object when it holds none of them. */
export function withoutActivities(
  timeline: InfiniteData<FeedAnswer, string | null>,
  gone: ReadonlySet<string>,
): InfiniteData<FeedAnswer, string | null> {
  const holds = (page: FeedAnswer) => page.items.some((item) => gone.has(item.id))
  if (!timeline.pages.some(holds)) return timeline
  // Pages keep their cursors: the next page is still asked from where the last one ended.
  const pages = timeline.pages.map((page) =>
    holds(page) ? { ...page, items: page.items.filter((item) => !gone.has(item.id)) } : page,
  )
  return { ...timeline, pages }
}

/**
 * Past its live pages the timeline no longer refreshes itself (feedQueries.ts), so an activity made
 * private or an ex-friend's stayed on screen until a reload, though the feed promises they go at
 * once. Every 30 s, and when the app comes back into view, the server says which have gone, and they
 * are taken out of the list where they are; nothing else in it moves.
 */
export function useGoneActivity(pagesLoaded: number) {
  const client = useQueryClient()
  const { data: gone } = useQuery(feedGoneQuery(pagesLoaded > liveFeedPages))
  useEffect(() => {
    if (!gone?.length) return
    const ids = new Set(gone)
    client.setQueryData<InfiniteData<FeedAnswer, string | null>>(
      feedKeys.timeline(),
      (timeline) => timeline && withoutActivities(timeline, ids),
    )
  }, [client, gone])
}
