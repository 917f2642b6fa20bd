import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface EmptyScreenProps {
  title: string
  intro?: string
  emptyTitle: string
  emptyText: string
  action?: { to: '/search' | '/home' | '/friends' | '/feed' | '/news'; label: string }
  children?: ReactNode
}

/** A screen whose data has not arrived yet: its heading, and an honest word about what will be here. */
export function EmptyScreen({ title, intro, emptyTitle, emptyText, action, children }: EmptyScreenProps) {
  return (
    <section aria-labelledby="screen-title">
      <header className="mb-6">
        <h1 id="screen-title" className="text-2xl font-bold tracking-tight text-white md:text-3xl">
          {title}
        </h1>
        {intro ? <p className="mt-1 text-zinc-400">{intro}</p> : null}
      </header>
      {children}
      <div className="grid place-items-center rounded-3xl border border-dashed border-white/10 bg-panel/60 px-6 py-16 text-center">
        <div className="max-w-sm">
          <div
            className="mx-auto mb-4 grid h-14 w-14 place-items-center rounded-2xl bg-white/5 text-2xl"
            aria-hidden="true"
          >
            🎬
          </div>
          <h2 className="text-lg font-semibold text-white">{emptyTitle}</h2>
          <p className="mt-2 text-sm text-zinc-400">{emptyText}</p>
          {action ? (
            <Link
              to={action.to}
              className="mt-6 inline-block rounded-xl bg-reel-fill px-5 py-2.5 text-sm font-semibold text-white hover:bg-reel-strong"
            >
              {action.label}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  )
}
