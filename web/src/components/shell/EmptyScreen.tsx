import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../lib/documentTitle'
import { navIcons, type NavIcon } from './navIcons'

/** Only screens that work today: a placeholder must never send people to another placeholder. */
type WorkingScreen = '/search' | '/home' | '/watchlist' | '/watched' | '/trending-movies' | '/profile' | '/friends'

interface EmptyScreenProps {
  title: string
  intro?: string
  icon: NavIcon
  emptyTitle: string
  emptyText: string
  /** The first is the main way on; the rest are quieter. */
  actions: { to: WorkingScreen; label: string }[]
  children?: ReactNode
}

const primaryClass = 'rounded-xl bg-reel-fill px-5 py-2.5 text-sm font-semibold text-white hover:bg-reel-strong'
const secondaryClass =
  'rounded-xl border border-white/15 px-5 py-2.5 text-sm font-semibold text-zinc-100 hover:bg-white/5'

/** A screen whose feature is not built yet: its heading, and an honest word about what will be here. */
export function EmptyScreen({ title, intro, icon, emptyTitle, emptyText, actions, children }: EmptyScreenProps) {
  useDocumentTitle(title)
  return (
    <section aria-labelledby="screen-title">
      <header className="mb-6">
        <h1 id="screen-title" className="text-2xl font-bold tracking-tight text-white md:text-3xl">
          {title}
        </h1>
        {intro ? <p className="mt-1 text-zinc-400">{intro}</p> : null}
      </header>
      {children}
      <div
        role="region"
        aria-labelledby="empty-title"
        className="grid place-items-center rounded-3xl border border-dashed border-white/10 bg-panel/60 px-6 py-16 text-center"
      >
        <div className="max-w-md">
          <div className="mx-auto mb-4 grid h-14 w-14 place-items-center rounded-2xl bg-white/5" aria-hidden="true">
            <svg viewBox="0 0 24 24" className="h-7 w-7 text-reel" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d={navIcons[icon]} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </div>
          <p className="text-xs font-semibold uppercase tracking-widest text-gold">Coming soon</p>
          <h2 id="empty-title" className="mt-1 text-lg font-semibold text-white">
            {emptyTitle}
          </h2>
          <p className="mt-2 text-sm text-zinc-400">{emptyText}</p>
          {actions.length > 0 ? (
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {actions.map((action, index) => (
                <Link key={action.to} to={action.to} className={index === 0 ? primaryClass : secondaryClass}>
                  {action.label}
                </Link>
              ))}
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
