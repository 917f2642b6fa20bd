import { encodeFeedCursor, feedIdsMax, type FeedAnswer } from '@reelmates/contracts/feed'
import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query'
import { isApiError } from '../../lib/apiError'
import { feedCalls } from './feedCalls'

/**
 * Live updates are a short refetch, not server-sent events (docs/feed.md): a feed is read in
 * glances, a refetch works the same behind any number of gateways and through the service worker,
 * and each refetch carries X-Min-Position, so it never undoes the user's own changes.
 */
export const feedRefetchMs = 5_000
export const unreadRefetchMs = 30_000
/**
 * How often an activity the server says is gone is asked again: it comes back when its watch is made
 * public again or its owner befriends the reader again, which is rarer than a comment, so a slower pace
 * than the live one is enough and logs fewer 404s.
 */
export const goneActivityRefetchMs = 15_000
/** How many pages of the timeline may be loaded for it to keep refreshing itself. */
export const liveFeedPages = 2
/**
 * How often a list past its live pages asks which of its activities have gone (made private, an
 * ex-friend's); also when the app comes back into view. Slower than the live pace: a removal is rarer
 * than news, and until it is seen a reaction on it is only refused.
 */
export const goneCheckMs = 30_000

export const feedKeys = {
  all: ['feed'] as const,
  timeline: () => ['feed', 'timeline'] as const,
  head: () => ['feed', 'head'] as const,
  gone: () => ['feed', 'gone'] as const,
  activity: (id: string) => ['feed', 'activity', id] as const,
  unread: () => ['feed', 'unread'] as const,
  /** Under `feed`, so a comment deleted anywhere refreshes the list of my own (refetchOnceSettled). */
  mine: () => ['feed', 'mine'] as const,
}

export const feedTimelineQuery = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.timeline(),
    queryFn: ({ pageParam }) => feedCalls.page(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A refetch of an infinite list asks for every page loaded: a phone scrolled to the end of a long
    // feed asked for 80 pages every 5 s, megabytes a minute. Live only near the top, where new
    // activity appears; further down, the first page is asked alone (feedHeadQuery) and what is new
    // waits behind "Show N new activities".
    refetchInterval: (query) => ((query.state.data?.pages.length ?? 0) <= liveFeedPages ? feedRefetchMs : false),
  })

/**
 * The timeline's first page on its own, asked every few seconds while the timeline is past its live
 * pages: what is newer than the top of the list is offered with a button rather than slid in above
 * what is being read (components/feed/NewActivityButton.tsx).
 */
export const feedHeadQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: feedKeys.head(),
    queryFn: () => feedCalls.page(null),
    enabled,
    refetchInterval: feedRefetchMs,
  })

/**
 * The activities of the loaded timeline that the server no longer has in the feed, asked past the live
 * pages, where the timeline no longer refreshes itself: one answer of ids (GET /api/feed/ids) instead
 * of every page loaded again. Only what was in the list when asked can be judged: a page that arrives
 * meanwhile is below the answer's end, and the top page `show` put in place may be newer than it.
 */
export const feedGoneQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: feedKeys.gone(),
    queryFn: async ({ client }): Promise<string[]> => {
      const timeline = client.getQueryData<InfiniteData<FeedAnswer, string | null>>(feedKeys.timeline())
      const loaded = timeline?.pages.flatMap((page) => page.items) ?? []
      const last = loaded.at(-1)
      if (!last || loaded.length > feedIdsMax) return []
      const { ids, complete } = await feedCalls.ids(encodeFeedCursor(last))
      if (!complete) return []
      const present = new Set(ids)
      return loaded.filter((item) => !present.has(item.id)).map((item) => item.id)
    },
    enabled,
    refetchInterval: goneCheckMs,
    // Coming back to a phone left on the feed is when a removal made meanwhile would otherwise be
    // tapped on; the app's other queries do not refetch on focus (lib/queryClient).
    refetchOnWindowFocus: true,
  })

/** My own comments, a page at a time (the profile's "My comments"). */
export const myCommentsQuery = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.mine(),
    queryFn: ({ pageParam }) => feedCalls.myComments(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })

/** The server says the activity is not there for this reader (deleted, or no longer a friend's). */
export const isActivityGone = (error: unknown): boolean => isApiError(error) && error.status === 404

export const activityQuery = (id: string) =>
  queryOptions({
    queryKey: feedKeys.activity(id),
    queryFn: () => feedCalls.activity(id),
    // Only while the page is shown (TanStack's default): a hidden tab asks nothing, gone or not.
    refetchInterval: (query) => (isActivityGone(query.state.error) ? goneActivityRefetchMs : feedRefetchMs),
  })

export const unreadQuery = () =>
  queryOptions({ queryKey: feedKeys.unread(), queryFn: feedCalls.unread, refetchInterval: unreadRefetchMs })
