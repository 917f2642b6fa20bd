import type { ReactNode } from 'react'
import { ScrollToTop } from './ScrollToTop'
import { Toaster } from './Toaster'

/** What every screen shares: scroll reset, toasts, and (in the installed app) the splash and update banner. */
export function AppChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-zinc-900">
        Skip to content
      </a>
      <ScrollToTop />
      {children}
      <Toaster />
    </>
  )
}
