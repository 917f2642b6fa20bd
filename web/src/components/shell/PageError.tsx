import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { dropKeptAnswersBeforeReload } from '../../features/offline/offlineSession'
import { useDocumentTitle } from '../../lib/documentTitle'
import { BrandMark } from './Brand'

const primaryClass = 'rounded-xl bg-reel-fill px-5 py-2.5 font-semibold text-white hover:bg-reel-strong'
const secondaryClass = 'rounded-xl border border-white/15 px-5 py-2.5 font-semibold text-zinc-100 hover:bg-white/5'

/**
 * A screen that failed to draw (the router's `defaultErrorComponent`). The router's own fallback said
 * "Something went wrong!" with only a "Show Error" button: no way on, not even to sign out, and a reload
 * that met the same failure left the member stuck. This one offers the ways out people look for: try
 * the page again, reload the app, or go home; the error's words stay one tap away for a report. A
 * reload, or home, first drops the answers kept on the device: one of another shape failed every page,
 * reload after reload, and only clearing the site's data got the member back in.
 * It may stand in for the whole app (a failure in the frame), so it needs nothing the frame gives.
 */
export function PageError({ error, reset }: ErrorComponentProps) {
  useDocumentTitle('Something went wrong')
  const router = useRouter()
  useEffect(() => {
    console.error(error)
  }, [error])
  const tryAgain = () => {
    reset()
    void router.invalidate()
  }
  const message = error instanceof Error ? error.message : String(error)
  return (
    <section
      role="alert"
      aria-labelledby="page-error-title"
      className="grid min-h-[60vh] place-items-center px-4 py-10 text-center"
    >
      <div className="max-w-md">
        <BrandMark className="mx-auto h-14 w-14 opacity-80" />
        <h1 id="page-error-title" className="mt-6 text-3xl font-bold text-white">
          Something went wrong
        </h1>
        <p className="mt-3 text-zinc-400">
          This screen ran into a problem and couldn&apos;t be shown. Nothing you saved is lost.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={tryAgain} className={primaryClass}>
            Try again
          </button>
          <button
            type="button"
            onClick={() => {
              dropKeptAnswersBeforeReload()
              window.location.reload()
            }}
            className={secondaryClass}
          >
            Reload the app
          </button>
          <Link to="/home" reloadDocument onClick={dropKeptAnswersBeforeReload} className={secondaryClass}>
            Go home
          </Link>
        </div>
        <details className="mt-6 text-left text-sm text-zinc-500">
          <summary className="cursor-pointer text-center">What went wrong</summary>
          <p className="mt-2 break-words rounded-lg bg-black/30 p-3 font-mono text-xs">{message}</p>
        </details>
      </div>
    </section>
  )
}
