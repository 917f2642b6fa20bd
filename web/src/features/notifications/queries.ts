import type { NotificationsAnswer } from '@reelmates/contracts/notifications'
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query'
import { toast } from '../../lib/toast'
import { notificationsCalls } from './notificationsCalls'

export const notificationsKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  announcements: () => ['notifications', 'announcements'] as const,
}

/**
 * After a change that answers what a line of the bell was about (a friend request accepted, a
 * recommendation taken): the server takes the line away, and the bell's count says so at once rather
 * than at its next poll, a minute later.
 */
export const refreshBell = (client: QueryClient) => client.invalidateQueries({ queryKey: notificationsKeys.list() })

/**
 * The bell's list, a page at a time (newest first; "Show older" asks for the page after the last one's
 * cursor). It polls, so a friend request shows up without a reload (push, when on, is the fast path);
 * the counts are the same on every page, and the first page's are the ones shown.
 */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list(),
    queryFn: ({ pageParam }) => notificationsCalls.list(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: 60_000,
  })

/**
 * Back to the newest page only: a poll refetches every page loaded, so the older ones a member
 * looked through are let go when the bell closes (as the feed stops polling far down its list).
 */
export function keepNewestNotifications(queryClient: QueryClient) {
  queryClient.setQueryData<InfiniteData<NotificationsAnswer, string | null>>(notificationsKeys.list(), (data) =>
    data && data.pages.length > 1 ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  )
}

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

/** Mark these, or all up to the newest shown, read; the list refetches with the answer's position. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    scope: { id: 'notifications-read' },
    mutationFn: (which: { ids: string[] } | { upTo: string }) => notificationsCalls.markRead(which),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list() }),
    onError: (error: Error) =>
      toast({ title: "Couldn't mark notifications read", description: error.message, variant: 'destructive' }),
  })
}

/**
 * The bell was opened and showed the list up to `upTo` (its newest notification's `createdAt`): the
 * badge clears at once, the server records the mark, and the entries stay unread.
 */
export function useMarkSeen() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['notificationsSeen'],
    meta: { background: true },
    // Waits offline for the connection (within this visit: it is not kept on the device).
    networkMode: 'online',
    mutationFn: (upTo: string) => notificationsCalls.markSeen(upTo),
    onMutate: async () => {
      // A poll answered in the meantime would bring the old count back.
      await queryClient.cancelQueries({ queryKey: notificationsKeys.list() })
      queryClient.setQueryData<InfiniteData<NotificationsAnswer, string | null>>(notificationsKeys.list(), (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, unseenCount: 0 })) } : data,
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.list() }),
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
