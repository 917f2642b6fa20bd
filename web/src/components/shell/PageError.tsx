import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { dropKeptAnswersBeforeReload } from '../../features/offline/offlineSession'
import { serverAnswers } from '../../features/update/serviceWorker'
import { isChunkLoadFailure, reloadOnceFor } from '../../lib/chunkLoad'
import { serverUnanswered, useConnection } from '../../lib/connection'
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
export function PageError(props: ErrorComponentProps) {
  const [reloadDone, setReloadDone] = useState(false)
  if (isChunkLoadFailure(props.error) && !reloadDone)
    return <ScreenCodeNotLoaded error={props.error} reset={props.reset} onReloadDone={() => setReloadDone(true)} />
  return <SomethingWentWrong {...props} />
}

function SomethingWentWrong({ error, reset }: ErrorComponentProps) {
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
    <ErrorFrame titleId="page-error-title" title="Something went wrong">
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
    </ErrorFrame>
  )
}

/**
 * A screen whose code could not be fetched (lib/chunkLoad). The server is asked first: if it answers,
 * the page reloads (a new release replaced the code, or the browser keeps the failed fetch); if not,
 * the app stays and says so. The router used to reload the page at once, and with the server out of
 * reach that left the app for the browser's "This site can't be reached" (found by a walk-through).
 * The screen opens by itself once the server answers (lib/connection finds out), or with Try again.
 */
function ScreenCodeNotLoaded({
  error,
  reset,
  onReloadDone,
}: {
  error: Error
  reset: () => void
  /** The reload was tried already for this failure: what is left is the error itself. */
  onReloadDone: () => void
}) {
  useDocumentTitle('Screen not loaded')
  const router = useRouter()
  const reach = useConnection()
  const [asked, setAsked] = useState<'asking' | 'unanswered' | 'reloading'>('asking')
  const tryAgain = () => {
    reset()
    void router.invalidate()
  }
  const onReload = useRef(onReloadDone)
  onReload.current = onReloadDone
  useEffect(() => {
    let gone = false
    void serverAnswers().then((answers) => {
      if (gone) return
      if (!answers) {
        // Marks the server out of reach: the banner says so, and its probes say when it is back.
        serverUnanswered()
        setAsked('unanswered')
      } else if (reloadOnceFor(error)) setAsked('reloading')
      else onReload.current()
    })
    return () => {
      gone = true
    }
  }, [error])
  const retry = useRef(tryAgain)
  retry.current = tryAgain
  useEffect(() => {
    if (asked === 'unanswered' && reach === 'online') retry.current()
  }, [asked, reach])

  return (
    <ErrorFrame
      titleId="screen-not-loaded-title"
      title={asked === 'reloading' ? 'Opening this screen' : 'This screen couldn’t be loaded'}
    >
      <p className="mt-3 text-zinc-400">
        {asked === 'reloading'
          ? 'Reloading the app to open this screen…'
          : asked === 'asking'
            ? 'Checking whether Reelmates can be reached…'
            : reach === 'offline'
              ? 'You’re offline, and this screen isn’t saved on this device. It opens by itself when you are back online.'
              : 'Reelmates can’t be reached, and this screen isn’t saved on this device. It opens by itself as soon as Reelmates can be reached.'}
      </p>
      {asked === 'reloading' ? null : (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <button type="button" onClick={tryAgain} className={primaryClass}>
            Try again
          </button>
        </div>
      )}
    </ErrorFrame>
  )
}

/** The frame of a screen that could not be shown: said at once (an alert), named by its heading. */
function ErrorFrame({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className="grid min-h-[60vh] place-items-center px-4 py-10 text-center"
    >
      <div className="max-w-md">
        <BrandMark className="mx-auto h-14 w-14 opacity-80" />
        <h1 id={titleId} className="mt-6 text-3xl font-bold text-white">
          {title}
        </h1>
        {children}
      </div>
    </section>
  )
}
