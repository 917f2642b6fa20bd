import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

const titleClass = 'mt-1 text-2xl font-bold tracking-tight text-white md:text-3xl'

export function FeedHeading() {
  return (
    <header className="mb-5">
      <h1 id="screen-title" className={titleClass}>
        Feed
      </h1>
      <p className="mt-1 text-sm text-zinc-400">What your friends and family are watching, rating and recommending.</p>
    </header>
  )
}

/** An activity's own screen: the way back to the feed, and what the activity is ("ann watched Dune"). */
export function ActivityHeading({ children }: { children: ReactNode }) {
  return (
    <header className="mb-5">
      <Link to="/feed" className="text-sm text-zinc-400 hover:text-white">
        ← Back to the feed
      </Link>
      <h1 id="screen-title" className={titleClass}>
        {children}
      </h1>
    </header>
  )
}

export function FeedSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-hidden="true">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="flex gap-4 rounded-2xl bg-panel p-5 ring-1 ring-white/10">
          <div className="aspect-[2/3] w-16 animate-pulse rounded-xl bg-panel-2 sm:w-20" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-2/3 animate-pulse rounded bg-panel-2" />
            <div className="h-3 w-1/3 animate-pulse rounded bg-panel-2" />
          </div>
        </div>
      ))}
    </div>
  )
}

/**
 * One activity with its comments as `ActivityScreen` draws it, while it comes: the card (poster,
 * sentence, reactions), the comments' heading and the box for a new one.
 */
export function ActivitySkeleton() {
  return (
    <div className="rounded-2xl bg-panel p-4 ring-1 ring-white/10 sm:p-5" aria-hidden="true">
      <div className="flex gap-4">
        <div className="aspect-[2/3] w-16 shrink-0 animate-pulse rounded-xl bg-panel-2 sm:w-20" />
        <div className="flex-1 space-y-2">
          <div className="flex items-start gap-2.5">
            <div className="h-6 w-6 shrink-0 animate-pulse rounded-full bg-panel-2" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-panel-2" />
          </div>
          <div className="h-3 w-1/3 animate-pulse rounded bg-panel-2" />
        </div>
      </div>
      <div className="mt-4 flex gap-2">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="h-8 w-12 animate-pulse rounded-full bg-panel-2" />
        ))}
      </div>
      <div className="mt-4 border-t border-white/5 pt-3">
        <div className="h-5 w-24 animate-pulse rounded bg-panel-2" />
        <div className="flex flex-col gap-2">
          <div className="h-[70px] animate-pulse rounded-xl bg-panel-2" />
          <div className="h-4" />
          <div className="ml-auto h-9 w-28 animate-pulse rounded-full bg-panel-2" />
        </div>
      </div>
    </div>
  )
}
