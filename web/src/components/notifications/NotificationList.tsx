import type { NotificationItem } from '@reelmates/contracts/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { appLocale } from '../../lib/appLocale'
import { TryAgain } from '../shell/TryAgain'
import { LoadingLine } from '../shell/NotSavedOffline'
import { inAppHref } from '../../lib/inAppHref'

/** When a notification came, as the bell says it: short, and dated (with a year when not this one) past a day. */
export const whenInBell = (iso: string, now = Date.now()) => {
  // Whole minutes and hours, as the feed counts them (23 and a half hours is not "24 h ago").
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  // Older than a day: the date, with its year when it is not this one ("4 Dec 2025", not "4 Dec").
  const date = new Date(iso)
  const thisYear = date.getFullYear() === new Date(now).getFullYear()
  return date.toLocaleDateString(appLocale, {
    day: 'numeric',
    month: 'short',
    ...(thisYear ? {} : { year: 'numeric' }),
  })
}

/**
 * An announcement's message is written in paragraphs (blank lines between them) and lines: run
 * together into one line it read as a wall. Other notifications are one line, one paragraph.
 */
const paragraphsOf = (text: string): string[] => text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '')

/**
 * A message this long (an announcement may run to 2,000 characters) shows its first lines until
 * "Read all": whole, one filled the panel and hid every other notification.
 */
const isLong = (text: string) => text.length > 280 || paragraphsOf(text).length > 3

/** The next, older page of the list, while there is one. */
export interface OlderNotifications {
  loading: boolean
  show: () => Promise<{ isError: boolean }>
}

/**
 * The bell's list: newest first, unread ones marked; each is a link to where it points (so it opens
 * in a new tab as links do), and opening one marks it read. A page at a time: "Show older" at its
 * end brings the next.
 */
export function NotificationList({
  items,
  onOpen,
  onMarkAllRead,
  unreadCount,
  older = null,
  loading = null,
}: {
  items: readonly NotificationItem[]
  /** The first page has not come: it is on its way, or it failed and can be asked for again. */
  loading?: { failed: false } | { failed: true; retry: () => void } | null
  unreadCount: number
  /** `leave`: the page goes where the notification points (not a new tab), so the panel can close. */
  onOpen: (item: NotificationItem, how: { leave: boolean }) => void
  onMarkAllRead: () => void
  older?: OlderNotifications | null
}) {
  const navigate = useNavigate()
  const heading = useRef<HTMLHeadingElement>(null)
  const list = useRef<HTMLUListElement>(null)
  // The list is there only while the bell's panel is open: the keyboard starts in the panel, on its
  // heading, so a screen reader says where it is and Tab goes on to the notifications.
  useEffect(() => heading.current?.focus(), [])
  // "Show older" goes away with the last page: focus moves on to the first notification it brought,
  // rather than falling out of the panel.
  const [focusAt, setFocusAt] = useState<number | null>(null)
  const [readInFull, setReadInFull] = useState<ReadonlySet<string>>(() => new Set())
  const toggleInFull = (id: string) =>
    setReadInFull((shown) => {
      const next = new Set(shown)
      if (!next.delete(id)) next.add(id)
      return next
    })
  useEffect(() => {
    if (focusAt === null) return
    const entry = list.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > a')[focusAt]
    if (!entry) return
    entry.focus()
    setFocusAt(null)
  }, [focusAt, items])
  const showOlder = (shown: number) => {
    if (!older || older.loading) return
    setFocusAt(shown)
    void older.show().then((result) => {
      if (result.isError) setFocusAt(null)
    })
  }
  return (
    <div className="flex max-h-[70dvh] flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-white/5 px-4 py-3">
        <h2
          ref={heading}
          tabIndex={-1}
          className="rounded text-sm font-semibold text-white outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
        >
          Notifications
        </h2>
        <button
          type="button"
          onClick={() => {
            onMarkAllRead()
            // The button is disabled once nothing is unread, and a disabled button drops focus to the
            // page, where Escape and Tab no longer belong to the panel.
            heading.current?.focus()
          }}
          disabled={unreadCount === 0}
          className="text-xs font-medium text-reel hover:underline disabled:text-zinc-500 disabled:no-underline"
        >
          Mark all read
        </button>
      </div>
      {loading?.failed ? (
        <div role="alert" className="px-4 py-8 text-center text-sm">
          <p className="text-rose-200">Your notifications couldn't be loaded.</p>
          <TryAgain onRetry={loading.retry} className="mt-2" />
        </div>
      ) : loading ? (
        <LoadingLine
          what="your notifications"
          doing="Loading notifications…"
          announce
          className="px-4 py-8 text-center text-sm text-zinc-400"
        />
      ) : items.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-zinc-400">
          Nothing yet. Friend requests, recommendations and the answers to yours, comments and reactions on what you
          share, and news from Reelmates show up here.
        </p>
      ) : (
        <div className="overflow-y-auto overscroll-contain">
          <ul ref={list} className="py-1" aria-label="Notifications">
            {items.map((item) => {
              const long = isLong(item.text)
              const clamped = long && !readInFull.has(item.id)
              const href = inAppHref(item.url, window.location.origin)
              return (
                <li key={item.id}>
                  <a
                    href={href}
                    onClick={(event) => {
                      // A click meant for another tab or window (a modifier key) opens it there, as a
                      // link does, and leaves this page and the panel where they are.
                      const elsewhere = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
                      onOpen(item, { leave: !elsewhere })
                      if (elsewhere) return
                      event.preventDefault()
                      void navigate({ href })
                    }}
                    // The middle button opens a new tab without a click event.
                    onAuxClick={(event) => {
                      if (event.button === 1) onOpen(item, { leave: false })
                    }}
                    className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-white/5"
                  >
                    <span
                      aria-hidden="true"
                      className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${item.read ? 'bg-transparent' : 'bg-reel'}`}
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        id={`notification-${item.id}`}
                        className={`${clamped ? 'line-clamp-4' : 'block'} text-sm [overflow-wrap:anywhere] ${item.read ? 'text-zinc-400' : 'font-medium text-white'}`}
                      >
                        {paragraphsOf(item.text).map((paragraph, index) => (
                          // Spans, not <p>: the line's text reads as one link.
                          <span key={index} className={`block whitespace-pre-line ${index > 0 ? 'mt-1.5' : ''}`}>
                            {paragraph}
                          </span>
                        ))}
                        {item.read ? null : <span className="sr-only"> (unread)</span>}
                      </span>
                      <span className="block text-xs text-zinc-400">{whenInBell(item.createdAt)}</span>
                    </span>
                  </a>
                  {long ? (
                    <button
                      type="button"
                      aria-expanded={!clamped}
                      aria-controls={`notification-${item.id}`}
                      onClick={() => toggleInFull(item.id)}
                      className="-mt-2 mb-1 ml-9 py-1 text-xs font-medium text-reel hover:underline"
                    >
                      {clamped ? 'Read all' : 'Show less'}
                    </button>
                  ) : null}
                </li>
              )
            })}
          </ul>
          {older ? (
            <div className="border-t border-white/5 px-4 py-3 text-center">
              <button
                type="button"
                // Not `disabled`: a disabled button drops focus out of the panel while the page loads.
                aria-disabled={older.loading}
                onClick={() => showOlder(items.length)}
                className="text-sm font-medium text-reel hover:underline aria-disabled:cursor-wait aria-disabled:text-zinc-500 aria-disabled:no-underline"
              >
                {older.loading ? 'Loading…' : 'Show older'}
              </button>
            </div>
          ) : null}
        </div>
      )}
    </div>
  )
}
