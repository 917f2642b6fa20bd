import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { FeedAnswer, FeedItem } from '@reelmates/contracts/feed'
import { feedHeadQuery, feedKeys, liveFeedPages } from './feedQueries'

/** What the first page has that the list does not, above its top: `count`, and whether there is more. */
export interface NewActivity {
  count: number
  /** The whole first page is new: there may be more than it holds. */
  more: boolean
}

/**
 * The activities of `head` (the first page as the server has it now) that are newer than the list
 * shown: not in it, and recorded no earlier than its top. An activity given back with its old date (a
 * watch restored by Undo) is not news; one that went from the list does not make the rest new.
 */
export function newActivityIn(head: FeedItem[], shown: FeedItem[]): NewActivity {
  const top = shown[0]
  if (!top) return { count: 0, more: false }
  const known = new Set(shown.map((item) => item.id))
  const count = head.filter((item) => !known.has(item.id) && item.createdAt >= top.createdAt).length
  return { count, more: count > 0 && count === head.length }
}

/**
 * Past its live pages the timeline no longer refreshes itself (feedQueries.ts): the first page is
 * asked alone and what it has above the list is counted. `show` puts that page in place of the list,
 * so the timeline starts again from its top, live again, without asking the server a second time.
 */
export function useNewActivity(shown: FeedItem[] | undefined, pagesLoaded: number) {
  const client = useQueryClient()
  const past = pagesLoaded > liveFeedPages
  const { data: head } = useQuery(feedHeadQuery(past))
  const fresh: NewActivity = past && head && shown ? newActivityIn(head.items, shown) : { count: 0, more: false }
  const show = useCallback(async () => {
    const first = client.getQueryData<FeedAnswer>(feedKeys.head())
    if (!first) return
    // A next page still on its way would be added to the list it was asked for, on top of this one.
    await client.cancelQueries({ queryKey: feedKeys.timeline() })
    client.setQueryData<InfiniteData<FeedAnswer, string | null>>(feedKeys.timeline(), {
      pages: [first],
      pageParams: [null],
    })
  }, [client])
  /**
   * A pull to refresh far down the list: the first page asked again, alone, and the list started from
   * it, as `show` does. Refetching the infinite list asked for every page loaded (80 for a phone at
   * the end of a long feed) to refresh what sits at its top.
   */
  const refresh = useCallback(async () => {
    await client.refetchQueries({ queryKey: feedKeys.head(), exact: true })
    await show()
  }, [client, show])
  return { ...fresh, show, refresh }
}
