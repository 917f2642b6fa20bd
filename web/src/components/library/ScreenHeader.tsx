import type { ReactNode } from 'react'
import { TryAgain } from '../shell/TryAgain'

export function ScreenHeader({
  id,
  eyebrow,
  title,
  count,
  children,
}: {
  id: string
  eyebrow: string
  title: string
  count: ReactNode
  children?: ReactNode
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-amber-400">{eyebrow}</p>
        <h1 id={id} className="mt-1 font-serif text-3xl font-semibold tracking-tight text-white sm:text-4xl">
          {title}
        </h1>
        <p className="mt-1 text-sm text-zinc-400" aria-live="polite">
          {count}
        </p>
      </div>
      {children}
    </header>
  )
}

export function ListSkeleton() {
  return (
    <div
      className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6"
      aria-hidden="true"
    >
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index}>
          <div className="aspect-[2/3] animate-pulse rounded-xl bg-panel-2" />
          <div className="mt-2 h-3.5 w-3/4 animate-pulse rounded bg-panel-2" />
        </div>
      ))}
    </div>
  )
}

/**
 * `what` is what failed to load, as the sentence names it ("this list", "this activity"); `failure`, the
 * failure shown (`useShownFailure`), so that Try again says how its asking goes (`TryAgain`).
 */
export function LoadFailed({
  onRetry,
  failure,
  what = 'this list',
}: {
  onRetry: () => void
  failure: unknown
  what?: string
}) {
  return (
    <div role="alert" className="rounded-2xl border border-rose-500/20 bg-rose-500/5 px-6 py-8 text-center">
      <p className="text-sm text-rose-200">We couldn't load {what}.</p>
      <TryAgain onRetry={onRetry} failure={failure} />
    </div>
  )
}
