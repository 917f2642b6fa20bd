import { Link } from '@tanstack/react-router'
import { BrandMark } from './Brand'

/** Any path the app does not know (spec §2). */
export function NotFoundScreen() {
  return (
    <main className="grid min-h-dvh place-items-center px-6 text-center">
      <div className="max-w-md">
        <BrandMark className="mx-auto h-14 w-14 opacity-80" />
        <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-reel">404</p>
        <h1 className="mt-2 text-3xl font-bold text-white">Page not found</h1>
        <p className="mt-3 text-zinc-400">
          This scene got cut. The page you're looking for doesn't exist or has moved.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link
            to="/home"
            className="rounded-xl bg-reel-fill px-5 py-2.5 font-semibold text-white hover:bg-reel-strong"
          >
            Go home
          </Link>
          <Link
            to="/search"
            className="rounded-xl border border-white/15 px-5 py-2.5 font-semibold text-zinc-100 hover:bg-white/5"
          >
            Search titles
          </Link>
        </div>
      </div>
    </main>
  )
}
