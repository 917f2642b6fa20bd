import { Link, useLocation } from '@tanstack/react-router'
import { useLayoutEffect, useRef, type ReactNode, type Ref } from 'react'
import { useDocumentTitle } from '../../lib/documentTitle'

const areas = [
  { to: '/admin', label: 'Overview' },
  { to: '/admin/events', label: 'Event history' },
  { to: '/admin/projections', label: 'Projections' },
  { to: '/admin/email-campaigns', label: 'Email campaigns' },
  { to: '/admin/blog/posts', label: 'Blog posts' },
  { to: '/admin/user-notifications', label: 'User notifications' },
  { to: '/admin/user-management', label: 'User management' },
  { to: '/admin/refresh-api-cache', label: 'Catalog cache' },
  { to: '/admin/outbox', label: 'Mail outbox' },
  { to: '/admin/scheduler', label: 'Scheduler' },
  { to: '/test-digest', label: 'Test digest' },
] as const

/** The admin frame: the areas, and the screen's own content (`children`, or `emptyText` while it has none). */
export function AdminScreen({
  title,
  emptyText,
  headingRef,
  children,
}: {
  title: string
  emptyText?: string
  /** For a heading that takes the focus from code (when the last row of the screen's list goes). */
  headingRef?: Ref<HTMLHeadingElement>
  /** The screen's content; without it, `emptyText` stands in its place. */
  children?: ReactNode
}) {
  useDocumentTitle(title)
  const strip = useRef<HTMLElement>(null)
  const path = useLocation({ select: (location) => location.pathname })
  // On a phone the areas are one line scrolled sideways: the one open is brought into it (centred),
  // else Mail outbox or Scheduler sat off the screen's edge, and nothing said where the admin was.
  // The strip alone is scrolled, not the window (scrollIntoView would move the page too).
  useLayoutEffect(() => {
    const nav = strip.current
    const open = nav?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!nav || !open || nav.scrollWidth <= nav.clientWidth) return
    const [chip, line] = [open.getBoundingClientRect(), nav.getBoundingClientRect()]
    nav.scrollLeft += chip.left - line.left - (line.width - chip.width) / 2
  }, [path])
  return (
    <section aria-labelledby="screen-title">
      <p className="text-xs font-semibold uppercase tracking-widest text-gold">Admin</p>
      <h1
        id="screen-title"
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="mt-1 rounded text-2xl font-bold text-white outline-none focus-visible:ring-2 focus-visible:ring-amber-400 md:text-3xl"
      >
        {title}
      </h1>
      {/* One scrolling line on a phone, where the cut chip at the edge says there is more; wrapped on
          wider screens, where a line cut at the window's edge said nothing. */}
      <nav
        ref={strip}
        aria-label="Admin areas"
        className="mt-5 flex gap-2 overflow-x-auto pb-2 md:flex-wrap md:overflow-visible"
      >
        {areas.map((area) => (
          <Link
            key={area.to}
            to={area.to}
            // An area stays lit on its inner pages (a post's editor under Blog posts) and whatever its
            // filters say; only Overview, whose path begins every other area's, must match exactly.
            activeOptions={{ exact: area.to === '/admin', includeSearch: false }}
            // The hover shade is for the other areas only: on the lit one it replaced the white behind
            // the dark label, which then vanished.
            activeProps={{ className: 'bg-white text-zinc-900' }}
            inactiveProps={{ className: 'text-zinc-300 hover:bg-white/5' }}
            className="shrink-0 rounded-full border border-white/10 px-3 py-1.5 text-sm"
          >
            {area.label}
          </Link>
        ))}
      </nav>
      {children ?? (
        <div className="mt-6 rounded-3xl border border-dashed border-white/10 bg-panel/60 px-6 py-14 text-center text-zinc-400">
          {emptyText}
        </div>
      )}
    </section>
  )
}
