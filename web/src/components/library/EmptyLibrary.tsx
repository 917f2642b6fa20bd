import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Icon, type IconName } from './icons'
import { wayOnButton } from '../shell/TryAgain'

interface EmptyLibraryProps {
  icon: IconName
  title: string
  children: ReactNode
}

/** An empty list is a start, not a dead end: it leads to discovery. */
export function EmptyLibrary({ icon, title, children }: EmptyLibraryProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center rounded-3xl border border-dashed border-white/10 px-6 py-14 text-center">
      <span className="mb-5 inline-flex h-14 w-14 items-center justify-center rounded-2xl bg-amber-400/10 text-amber-300 ring-1 ring-amber-400/20">
        <Icon name={icon} className="h-7 w-7" />
      </span>
      <h2 className="font-serif text-2xl font-semibold text-white">{title}</h2>
      <p className="mt-2 text-sm leading-relaxed text-zinc-400">{children}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Link
          to="/search"
          className="inline-flex h-11 items-center rounded-full bg-amber-400 px-5 text-sm font-semibold text-zinc-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
        >
          Search titles
        </Link>
        <Link
          to="/home"
          className="inline-flex h-11 items-center rounded-full bg-white/10 px-5 text-sm font-semibold text-zinc-100 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
        >
          See what's trending
        </Link>
      </div>
    </div>
  )
}

/** Filters hid everything: say so, and offer the way back. */
export function NothingMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="rounded-2xl border border-white/5 px-6 py-10 text-center">
      <p className="text-sm text-zinc-400">Nothing here matches these filters.</p>
      <button type="button" onClick={onClear} className={`mt-3 text-sm ${wayOnButton}`}>
        Clear filters
      </button>
    </div>
  )
}
