import { Link } from '@tanstack/react-router'
import { useCurrentUser } from '../../features/account/currentUser'
import { useDocumentTitle } from '../../lib/documentTitle'
import { BrandMark } from './Brand'
import { PublicShell } from './PublicShell'

const primaryClass = 'rounded-xl bg-reel-fill px-5 py-2.5 font-semibold text-white hover:bg-reel-strong'
const secondaryClass = 'rounded-xl border border-white/15 px-5 py-2.5 font-semibold text-zinc-100 hover:bg-white/5'

/**
 * "Page not found" inside whatever frame is already there: a screen that finds no such title or
 * provider is shown within the app's own navigation. Its way out fits the reader: a visitor would
 * only bounce off /home to sign-in.
 */
export function NotFoundScreen() {
  return (
    <NotFoundView
      heading="Page not found"
      message="This scene got cut. The page you're looking for doesn't exist or has moved."
    />
  )
}

/** The same not-found state for one missing thing ("Title not found"), in its own words. */
export function NotFoundView({ heading, message }: { heading: string; message: string }) {
  useDocumentTitle(heading)
  const { data: user } = useCurrentUser()
  return (
    <section aria-labelledby="not-found-title" className="grid place-items-center py-10 text-center">
      <div className="max-w-md">
        <BrandMark className="mx-auto h-14 w-14 opacity-80" />
        <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-reel">404</p>
        <h1 id="not-found-title" className="mt-2 text-3xl font-bold text-white">
          {heading}
        </h1>
        <p className="mt-3 text-zinc-400">{message}</p>
        <nav aria-label="Ways on" className="mt-8 flex flex-wrap justify-center gap-3">
          {user ? (
            <>
              <Link to="/home" className={primaryClass}>
                Go home
              </Link>
              <Link to="/search" className={secondaryClass}>
                Search titles
              </Link>
            </>
          ) : (
            <>
              <Link to="/sign_in" className={primaryClass}>
                Sign in
              </Link>
              <Link to="/sign_up" className={secondaryClass}>
                Create an account
              </Link>
            </>
          )}
        </nav>
      </div>
    </section>
  )
}

/** Any path the app does not know (spec §2): nothing frames it yet, so it takes the open pages' frame. */
export function NotFoundPage() {
  return (
    <PublicShell>
      <NotFoundScreen />
    </PublicShell>
  )
}
