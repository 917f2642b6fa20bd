import type { ReactNode } from 'react'
import { AuthLayout } from './AuthLayout'
import { Spinner } from './FormParts'
import { useDocumentTitle } from '../../lib/documentTitle'

type State = 'working' | 'success' | 'error' | 'info'

const badge: Record<State, ReactNode> = {
  working: <Spinner className="h-7 w-7 text-reel" />,
  success: <span className="text-2xl text-emerald-300">✓</span>,
  info: <span className="text-2xl text-sky-300">i</span>,
  error: <span className="text-2xl text-red-300">!</span>,
}

/** The one-card result screens: magic link, accept friend, unsubscribe. */
export function ResultScreen({ state, title, children }: { state: State; title: string; children?: ReactNode }) {
  useDocumentTitle(title)
  return (
    <AuthLayout carousel={false}>
      <div
        className="rounded-3xl border border-white/10 bg-panel/80 p-8 text-center shadow-2xl shadow-black/40"
        aria-live="polite"
      >
        <div className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-white/5">{badge[state]}</div>
        <h1 className="mt-5 text-2xl font-bold text-white">{title}</h1>
        <div className="mt-4 grid gap-4 text-sm text-zinc-300">{children}</div>
      </div>
    </AuthLayout>
  )
}

export const buttonClass =
  'inline-flex h-11 items-center justify-center rounded-xl bg-reel-fill px-5 font-semibold text-white hover:bg-reel-strong'
export const secondaryButtonClass =
  'inline-flex h-11 items-center justify-center rounded-xl border border-white/15 px-5 font-semibold text-zinc-100 hover:bg-white/5'
