import type { ReactNode } from 'react'
import { Brand } from './Brand'

interface TopBarProps {
  /** Spec §2: on mobile the menu button appears only when a menu handler is supplied. */
  onMenuClick?: (() => void) | undefined
  menuOpen?: boolean
  /**
   * A news post is unread: the menu's News link carries the dot, and on a phone that link is out of
   * sight until the menu opens, so the menu button carries it too.
   */
  unreadNews?: boolean
  children?: ReactNode
}

/** The sticky top bar of small screens. */
export function TopBar({ onMenuClick, menuOpen = false, unreadNews = false, children }: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-3 border-b border-white/5 bg-ink/85 px-3 pt-[env(safe-area-inset-top)] backdrop-blur-xl md:hidden print:hidden">
      {onMenuClick ? (
        <button
          type="button"
          onClick={onMenuClick}
          aria-label={unreadNews ? 'Open menu, unread news' : 'Open menu'}
          aria-expanded={menuOpen}
          className="relative grid h-10 w-10 place-items-center rounded-xl text-zinc-200 hover:bg-white/5"
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {unreadNews ? (
            <span
              data-unread-news
              aria-hidden="true"
              className="absolute right-1.5 top-1.5 h-2 w-2 rounded-full bg-reel ring-2 ring-ink"
            />
          ) : null}
        </button>
      ) : null}
      <Brand />
      <div className="ml-auto flex items-center gap-2">{children}</div>
    </header>
  )
}
