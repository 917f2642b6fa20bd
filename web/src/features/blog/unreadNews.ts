import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { hasUnreadNews } from '@reelmates/contracts/unreadNews'
import { currentUserKey, useCurrentUser } from '../account/currentUser'
import { blogCalls } from './blogCalls'
import { newsPageQuery } from './blogQueries'

/** The newest published post, as the dot compares it (signed-in members only: a visitor has no `lastNewsVisit`). */
function useNewsState() {
  const { data: user } = useCurrentUser()
  // Polled as the bell is: the shell that asks for it stays on screen, so nothing else would ask again
  // and a post published while the app is open would never light the dot.
  const { data: first } = useQuery({
    ...newsPageQuery(1),
    enabled: Boolean(user),
    staleTime: 60_000,
    refetchInterval: 60_000,
  })
  const newestPublishedAt = first?.items[0]?.publishedAt
  return { newestPublishedAt, unread: Boolean(user) && hasUnreadNews(newestPublishedAt, user?.lastNewsVisit ?? null) }
}

/** The menu's dot. */
export function useUnreadNews(): boolean {
  return useNewsState().unread
}

/** Records the visit (which clears the dot) once `seen` holds. */
function useRecordVisitWhen(seen: boolean): void {
  const queryClient = useQueryClient()
  const { mutate } = useMutation({
    mutationFn: blogCalls.recordVisit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  })
  useEffect(() => {
    if (seen) mutate()
  }, [seen, mutate])
}

/** Reading /news clears the dot: the visit is recorded once there is something unread. */
export function useRecordNewsVisit(): void {
  useRecordVisitWhen(useNewsState().unread)
}

/**
 * Reading one post clears the dot when it is the newest post. The dot says "a post was published since
 * your last visit", and the visit the server records is "now", which covers every post: read from an
 * older post, it would also mark the newer ones as seen, so an older post leaves the dot until the
 * newer one (or the list) is opened.
 */
export function useRecordPostRead(publishedAt: string | undefined): void {
  const { newestPublishedAt, unread } = useNewsState()
  const readsTheNewest =
    publishedAt !== undefined &&
    newestPublishedAt !== undefined &&
    Date.parse(publishedAt) >= Date.parse(newestPublishedAt)
  useRecordVisitWhen(unread && readsTheNewest)
}
