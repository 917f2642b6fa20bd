import type { NotificationItem } from '@reelmates/contracts/notifications'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import {
  keepNewestNotifications,
  notificationsKeys,
  notificationsQuery,
  useMarkRead,
  useMarkSeen,
} from '../../features/notifications/queries'
import { useShownFailure } from '../../lib/shownFailure'
import { NotificationList } from './NotificationList'

/** Whether opening the bell sends the seen mark: something unseen, and not marked up to it already. */
const seenMarkDue = (unseen: number, newest: string | undefined, markedUpTo: string | undefined): boolean =>
  unseen > 0 && newest !== undefined && markedUpTo !== newest

/**
 * The bell of the app shell: on it, how many unread notifications are new since it was last opened;
 * under it, the list, where the unread ones stay marked until they are opened or all marked read.
 */
export function NotificationBell({ placement = 'below' }: { placement?: 'below' | 'beside' }) {
  const [open, setOpen] = useState(false)
  const queryClient = useQueryClient()
  const query = useInfiniteQuery(notificationsQuery())
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = query
  const failure = useShownFailure(query)
  const markRead = useMarkRead()
  const { mutate: markSeen } = useMarkSeen()
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const first = data?.pages[0]
  const unread = first?.unreadCount ?? 0
  const unseen = first?.unseenCount ?? 0
  const items = useMemo(() => itemsOf(data?.pages ?? []), [data])
  const newest = items[0]?.createdAt
  const markedUpTo = useRef<string | undefined>(undefined)

  // Open, the bell shows everything up to its newest notification, and what arrives while it is open
  // shows up in it: the badge has nothing left to count. Once per newest notification, so an answer
  // that still counts something (a mark the server took as "now") does not send it again and again.
  useEffect(() => {
    if (!open || !seenMarkDue(unseen, newest, markedUpTo.current) || newest === undefined) return
    markedUpTo.current = newest
    markSeen(newest)
  }, [open, unseen, newest, markSeen])

  // Closed, the bell polls its newest page alone.
  useEffect(() => {
    if (!open) keepNewestNotifications(queryClient)
  }, [open, queryClient])

  useEffect(() => {
    if (!open) return
    const close = (event: KeyboardEvent | MouseEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        setOpen(false)
        // Focus inside the panel would fall to the page when the panel goes; a click outside took
        // focus where it clicked, so only the keyboard brings it back to the bell.
        button.current?.focus()
      } else if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    window.addEventListener('keydown', close)
    window.addEventListener('mousedown', close)
    return () => {
      window.removeEventListener('keydown', close)
      window.removeEventListener('mousedown', close)
    }
  }, [open])

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => {
          // Opened, it shows what the server has now, not the last poll's list: a line taken back since
          // (a comment deleted) would still be there. When the seen mark goes out, its answer refetches.
          if (!open && !seenMarkDue(unseen, newest, markedUpTo.current))
            void queryClient.invalidateQueries({ queryKey: notificationsKeys.list() })
          setOpen(!open)
        }}
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-label={unseen > 0 ? `Notifications, ${unseen} new` : 'Notifications'}
        className="relative grid h-10 w-10 place-items-center rounded-xl text-zinc-200 hover:bg-white/5"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden="true"
        >
          <path
            d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {unseen > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notifications-badge"
            className="absolute right-1 top-1 grid min-w-[1.1rem] place-items-center rounded-full bg-reel px-1 text-[10px] font-bold leading-[1.1rem] text-ink"
          >
            {unseen > 99 ? '99+' : unseen}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          role="dialog"
          aria-label="Notifications"
          // Tabbing out of the panel closes it: it is not modal, and the keyboard would go on to the
          // page it covers. A click on the bell itself toggles it there, and a click on nothing
          // focusable (no related target) leaves it open.
          onBlur={(event) => {
            const to = event.relatedTarget
            if (to && !root.current?.contains(to)) setOpen(false)
          }}
          className={`z-50 overflow-hidden rounded-2xl border border-white/10 bg-panel shadow-2xl ${
            placement === 'below'
              ? 'fixed inset-x-2 top-16 sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96'
              : 'absolute left-12 top-0 w-96'
          }`}
        >
          <NotificationList
            items={items}
            // Until the first page comes, "Nothing yet" would be untrue: it says it is loading, or failed.
            loading={data ? null : failure ? { failed: true, retry: () => void query.refetch() } : { failed: false }}
            unreadCount={unread}
            older={hasNextPage ? { loading: isFetchingNextPage, show: () => fetchNextPage() } : null}
            onOpen={(item, { leave }) => {
              if (!item.read) markRead.mutate({ ids: [item.id] })
              if (leave) setOpen(false)
            }}
            // What the bell shows, not what came in since: a notification arriving meanwhile stays unread.
            onMarkAllRead={() => newest !== undefined && markRead.mutate({ upTo: newest })}
          />
        </div>
      ) : null}
    </div>
  )
}

/**
 * The pages in order, each notification once: a grouped line that someone joined moves to the top,
 * and for a moment an older page fetched before the move may still hold it too.
 */
function itemsOf(pages: readonly { items: readonly NotificationItem[] }[]): NotificationItem[] {
  const seen = new Set<string>()
  return pages.flatMap((page) =>
    page.items.filter((item) => {
      if (seen.has(item.id)) return false
      seen.add(item.id)
      return true
    }),
  )
}
