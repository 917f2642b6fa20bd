import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import type { PublicUser } from '@reelmates/contracts/account'
import { useLogout } from '../../features/account/useLogout'
import { FeedBadge } from '../feed/FeedBadge'
import { BrandMark } from './Brand'
import { NotificationBell } from '../notifications/NotificationBell'
import { Footer } from './Footer'
import { TopBar } from './TopBar'
import { navIcons, type NavIcon } from './navIcons'
import { useUnreadNews } from '../../features/blog/unreadNews'
import { UnreadDot } from './UnreadDot'
import { useFocusTrap } from './useFocusTrap'
import { Avatar } from '../social/Avatar'
import { loadedAppShell } from './loadedAppShell'

interface NavItem {
  to:
    | '/home'
    | '/search'
    | '/watchlist'
    | '/watched'
    | '/feed'
    | '/friends'
    | '/recommendations'
    | '/profile'
    | '/admin'
    | '/news'
  label: string
  icon: NavIcon
  /**
   * Active on this address only, not on those below it: `/profile/ann` is Ann's public profile, and
   * marking my own Profile as the current page there told a screen reader I was looking at mine.
   */
  exact?: true
}

const primary: NavItem[] = [
  { to: '/home', label: 'Home', icon: 'home' },
  { to: '/search', label: 'Search', icon: 'search' },
  { to: '/watchlist', label: 'Watchlist', icon: 'bookmark' },
  { to: '/feed', label: 'Feed', icon: 'feed' },
  { to: '/profile', label: 'Profile', icon: 'person', exact: true },
]
const secondary: NavItem[] = [
  { to: '/watched', label: 'Watched', icon: 'check' },
  { to: '/friends', label: 'Friends', icon: 'people' },
  { to: '/recommendations', label: 'Recommendations', icon: 'gift' },
  { to: '/news', label: 'News', icon: 'news' },
]
const adminItem: NavItem = { to: '/admin', label: 'Admin', icon: 'shield' }

function Icon({ name }: { name: NavIcon }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={navIcons[name]} />
    </svg>
  )
}

const activeLink = { className: 'bg-white/10 text-white' }
const inactiveLink = { className: 'text-zinc-300' }

/** The signed-in frame: side navigation on wide screens, sticky top bar and tab bar on phones. */
export function AppShell({ user, children }: { user: PublicUser; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const menu = useFocusTrap<HTMLDivElement>(menuOpen)
  const logout = useLogout()
  const navigate = useNavigate()
  const unreadNews = useUnreadNews()
  useEffect(() => {
    if (!menuOpen) return
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false)
    window.addEventListener('keydown', close)
    return () => window.removeEventListener('keydown', close)
  }, [menuOpen])

  const links = (onPick?: () => void) =>
    [...primary, ...secondary, ...(user.role === 'Admin' ? [adminItem] : [])].map((item) => (
      <Link
        key={item.to}
        to={item.to}
        onClick={onPick}
        activeProps={activeLink}
        inactiveProps={inactiveLink}
        activeOptions={{ exact: item.exact === true }}
        className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium hover:bg-white/5 hover:text-white"
      >
        <Icon name={item.icon} />
        {item.label}
        {item.to === '/news' && unreadNews ? <UnreadDot /> : null}
        {item.to === '/feed' ? <FeedBadge className="ml-auto" /> : null}
      </Link>
    ))

  return (
    // Printed, the sidebar goes and the page takes the paper's whole width, not the grid's second column.
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_1fr] print:block">
      <TopBar onMenuClick={() => setMenuOpen(true)} menuOpen={menuOpen} unreadNews={unreadNews}>
        <NotificationBell />
        <button
          type="button"
          onClick={() => void navigate({ to: '/search' })}
          aria-label="Search"
          className="grid h-10 w-10 place-items-center rounded-xl text-zinc-200 hover:bg-white/5"
        >
          <Icon name="search" />
        </button>
      </TopBar>

      <aside
        className="sticky top-0 z-30 hidden h-dvh flex-col gap-1 border-r border-white/5 px-3 py-5 md:flex print:hidden"
        // Not "Main": beside the page's main landmark and "Main navigation", a landmark list had two.
        aria-label="Sidebar"
      >
        <div className="mb-6 flex items-center justify-between gap-2">
          {/* Beside the bell in the 15rem sidebar, padded on both sides, the name had a few pixels less
              than it needs at this weight and broke ("Reelmate / s"). It keeps the left padding, which
              lines the mark up with the icons below, and is set tight like the top bar's Brand. */}
          <Link
            to="/home"
            className="flex items-center gap-2 whitespace-nowrap pl-3 text-lg font-extrabold tracking-tight text-white"
          >
            <BrandMark /> Reelmates
          </Link>
          <NotificationBell placement="beside" />
        </div>
        <nav className="flex flex-col gap-1" aria-label="Main navigation">
          {links()}
        </nav>
        <UserCard user={user} onLogout={logout} />
      </aside>

      {menuOpen ? (
        <div
          ref={menu}
          id="menu-drawer"
          className="fixed inset-0 z-50 md:hidden print:hidden"
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
        >
          {/* The panel comes first so that focus lands on its first link; the backdrop sits under it.
              The toasts rise above its last item while it is open (Toaster.tsx, by this id). It covers
              the whole screen, the top bar's and tab bar's room too, so it keeps clear of the status
              bar and the home indicator itself, as they do. */}
          <div className="absolute inset-y-0 left-0 z-10 flex w-72 flex-col gap-1 bg-panel px-3 pb-[max(1.25rem,env(safe-area-inset-bottom))] pt-[max(1.25rem,env(safe-area-inset-top))] shadow-2xl">
            <nav className="flex flex-col gap-1" aria-label="Menu navigation">
              {links(() => setMenuOpen(false))}
            </nav>
            <UserCard
              user={user}
              onLogout={() => {
                // Closed first, like a link: a question about unsaved changes opens over the page, not under the menu.
                setMenuOpen(false)
                logout()
              }}
            />
          </div>
          <button
            type="button"
            className="absolute inset-0 bg-black/60"
            aria-label="Close menu"
            onClick={() => setMenuOpen(false)}
          />
        </div>
      ) : null}

      <div className="flex min-w-0 flex-col">
        <main
          id="main"
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-5 md:px-8 md:py-8 print:max-w-none print:p-0"
        >
          {children}
        </main>
        <Footer />
      </div>

      <nav
        aria-label="Tabs"
        // What fixed panels (the search suggestions) keep clear of.
        data-bottom-bar
        className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-5 border-t border-white/5 bg-ink/90 pb-[env(safe-area-inset-bottom)] backdrop-blur-xl md:hidden print:hidden"
      >
        {primary.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            // Both colours by state: a grey beside the active one would win by the stylesheet's order.
            activeProps={{ className: 'text-reel' }}
            inactiveProps={{ className: 'text-zinc-400' }}
            activeOptions={{ exact: item.exact === true }}
            className="relative flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium"
          >
            <Icon name={item.icon} />
            {item.label}
            {item.to === '/feed' ? <FeedBadge className="absolute left-1/2 top-1 ml-1" /> : null}
          </Link>
        ))}
      </nav>
    </div>
  )
}

function UserCard({ user, onLogout }: { user: PublicUser; onLogout: () => void }) {
  return (
    <div className="mt-auto flex items-center gap-3 rounded-xl border border-white/5 bg-panel p-3">
      <Avatar username={user.username} avatarUrl={user.avatarUrl} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-white">{user.username}</p>
        {/* 24 px tall to press (WCAG 2.2's smallest target) in the line's 16 px: the card keeps its height. */}
        <button type="button" onClick={onLogout} className="-my-1 py-1 text-xs text-zinc-400 hover:text-white">
          Log out
        </button>
      </div>
    </div>
  )
}

loadedAppShell.component = AppShell
