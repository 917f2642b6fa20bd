import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../lib/toast'
import { notificationsCalls } from './notificationsCalls'

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  announcements: () => ['notifications', 'announcements'] as const,
}

/** The bell polls, so a friend request shows up without a reload (push, when on, is the fast path). */
export const notificationsQuery = () =>
  queryOptions({ queryKey: notificationsKeys.list(), queryFn: notificationsCalls.list, refetchInterval: 60_000 })

/** Polled while a mail is still queued, so the outbox state arrives without a reload. */
export const announcementsQuery = () =>
  queryOptions({
    queryKey: notificationsKeys.announcements(),
    queryFn: notificationsCalls.announcements,
    refetchInterval: (query) =>
      query.state.data?.announcements.some((announcement) =>
        announcement.recipients.some((recipient) => recipient.email === 'queued'),
      )
        ? 1_000
        : false,
  })

/** Mark these (or, without ids, all) read; the list refetches with the answer's position. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: 'notifications-read' },
    mutationFn: (ids?: string[]) => notificationsCalls.markRead(ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list() }),
    onError: (error: Error) =>
      toast({ title: "Couldn't mark notifications read", description: error.message, variant: 'destructive' }),
  })
}

export function useAnnounce() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: notificationsCalls.announce,
    onSuccess: (answer) => {
      const count = answer.announcement.recipients
      toast({
        title: 'Announcement sent',
        description: `To ${count} ${count === 1 ? 'member' : 'members'}.`,
        variant: 'success',
      })
      return queryClient.invalidateQueries({ queryKey: notificationsKeys.all })
    },
  })
}
