import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { currentUserKey, useCurrentUser } from '../account/currentUser'
import { blogCalls } from './blogCalls'
import { newsPageQuery } from './blogQueries'

/** A post published after the last visit is unread; a member who never visited has unread news once any exists. */
export function hasUnreadNews(newestPublishedAt: string | null | undefined, lastNewsVisit: string | null): boolean {
  if (!newestPublishedAt) return false
  return lastNewsVisit === null || Date.parse(newestPublishedAt) > Date.parse(lastNewsVisit)
}

/** The menu's dot: signed-in members only (a visitor has no `lastNewsVisit`). */
export function useUnreadNews(): boolean {
  const { data: user } = useCurrentUser()
  const { data: first } = useQuery({ ...newsPageQuery(1), enabled: Boolean(user), staleTime: 60_000 })
  return Boolean(user) && hasUnreadNews(first?.items[0]?.publishedAt, user?.lastNewsVisit ?? null)
}

/** Reading /news clears the dot: the visit is recorded once there is something unread. */
export function useRecordNewsVisit(): void {
  const unread = useUnreadNews()
  const queryClient = useQueryClient()
  const { mutate } = useMutation({
    mutationFn: blogCalls.recordVisit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  })
  useEffect(() => {
    if (unread) mutate()
  }, [unread, mutate])
}
