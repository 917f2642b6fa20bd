import { Link, useLocation } from '@tanstack/react-router'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useCurrentUser } from '../../features/account/currentUser'
import { Brand } from './Brand'
import { Footer } from './Footer'
import { loadedAppShell } from './loadedAppShell'
import { useDocumentTitle } from '../../lib/documentTitle'
import { useUnreadNews } from '../../features/blog/unreadNews'
import { UnreadDot } from './UnreadDot'

// The app's frame (navigation, feed badge, notifications, search) is only for a signed-in reader:
// loaded when one is, so the first script of a visitor's page (sign-in, news) does not carry it.
const LazyAppShell = lazy(() => import('./AppShell').then(({ AppShell }) => ({ default: AppShell })))

/**
 * The frame of open pages (news, static pages, public profiles, not found), readable signed in or
 * not. A signed-in user stays in the app's own frame, with their navigation (issue 15.6).
 */
export function PublicShell({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser()
  const unreadNews = useUnreadNews()
  // Chosen once per page: the frame a signed-in page already loaded (no suspended first render,
  // which showed an empty page for a frame), else the lazy one.
  const [AppShell] = useState(() => loadedAppShell.component ?? LazyAppShell)
  // Signing in (or joining) from a post someone shared brings the reader back to it, not to home.
  const here = useLocation({ select: (location) => location.href })
  if (user) {
    return (
      <Suspense fallback={<div className="min-h-dvh" />}>
        <AppShell user={user}>
          <div className="mx-auto w-full max-w-3xl">{children}</div>
        </AppShell>
      </Suspense>
    )
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b border-white/5 bg-ink/85 backdrop-blur-xl print:hidden">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4 sm:gap-4">
          <Brand to="/sign_in" narrow />
          {/* On one line from 390 px (narrower, the brand shows its mark only): no link wraps inside itself. */}
          <nav aria-label="Site" className="ml-auto flex items-center whitespace-nowrap text-sm sm:gap-1">
            <Link to="/news" className="flex items-center rounded-lg px-2 py-2 text-zinc-300 hover:text-white sm:px-3">
              News
              {unreadNews ? <UnreadDot /> : null}
            </Link>
            <Link
              to="/sign_in"
              search={{ returnTo: here }}
              className="rounded-lg px-2 py-2 text-zinc-300 hover:text-white sm:px-3"
            >
              Sign in
            </Link>
            <Link
              to="/sign_up"
              search={{ returnTo: here }}
              className="rounded-lg bg-reel-fill px-2.5 py-2 font-semibold text-white hover:bg-reel-strong sm:px-3"
            >
              Join free
            </Link>
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        {children}
      </main>
      <Footer />
    </div>
  )
}

/** A page of prose: a heading, a lede, and sections. */
export function StaticPage({ title, lede, children }: { title: string; lede: string; children: ReactNode }) {
  useDocumentTitle(title)
  return (
    <PublicShell>
      <article className="grid gap-6 text-zinc-300 [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_a]:text-reel [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6 [&_li]:mt-1 leading-relaxed">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-white md:text-4xl">{title}</h1>
          <p className="mt-3 text-lg text-zinc-400">{lede}</p>
        </header>
        {children}
      </article>
    </PublicShell>
  )
}
