import { useId, useLayoutEffect, useRef, useState, type Ref, type RefObject } from 'react'
import { focusIsLost } from '../../lib/focusLost'
import { focusOnce, focusScreenStart } from './FocusOnNewScreen'

/** The look of a text button that offers a way on (Try again, and the like), the same on every screen. */
export const wayOnButton =
  'font-semibold text-amber-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-400'

export const failedAgainText = 'Tried again, and it failed again.'

/**
 * Try again as it looks while it asks: "Trying again…", unavailable (a press meanwhile does nothing),
 * and after an answer that failed too, says so (read with the button when the focus is on it). Not
 * `disabled` while it asks: Chromium takes the focus from a focused button that becomes disabled, and
 * the keyboard, and a screen reader, were left on the page's body (as `BusyButton` says).
 */
export function TryAgainButton({
  busy,
  failedAgain,
  onRetry,
  className,
  statusClassName = 'ml-2 text-sm',
  what,
  ref,
}: {
  busy: boolean
  failedAgain: boolean
  onRetry: () => void
  className: string
  statusClassName?: string
  what?: string
  ref?: Ref<HTMLButtonElement>
}) {
  const status = useId()
  return (
    <>
      <button
        ref={ref}
        type="button"
        aria-disabled={busy}
        aria-describedby={status}
        aria-label={what ? `${busy ? 'Trying again' : 'Try again'}: ${what}` : undefined}
        onClick={() => {
          if (!busy) onRetry()
        }}
        className={`${className} aria-disabled:cursor-wait aria-disabled:opacity-60`}
      >
        {busy ? 'Trying again…' : 'Try again'}
      </button>
      <span id={status} role="status" className={statusClassName}>
        {failedAgain && !busy ? failedAgainText : ''}
      </span>
    </>
  )
}

/** The part of the page a control stands in: a named section, else the screen. */
const partOf = (control: Element): HTMLElement | null =>
  control.parentElement?.closest<HTMLElement>('section[aria-labelledby], section[aria-label], [role=region], main') ??
  null

/** The start of a part of the page: the heading that names it, or the part itself; the screen's own start. */
function focusStartOf(part: HTMLElement): void {
  if (part.matches('main')) {
    focusScreenStart()
    return
  }
  const heading = document.getElementById(part.getAttribute('aria-labelledby') ?? '')
  focusOnce(heading?.matches('h1, h2, h3, h4, h5, h6') && part.contains(heading) ? heading : part)
}

/**
 * When Try again (or anything) brought the answer, the failure gives way to what loaded and its
 * button leaves the page: a focus on it fell to the page's body, and a keyboard or screen-reader user
 * had to find their way back from the top. It goes to the start of the part that loaded instead
 * (after the render that put it there, and its effects: what loaded may take the focus itself). A
 * failure that stood for the whole screen (a title's, a post's, a profile's) goes with its section,
 * and the page that loaded in its place starts at the screen's heading. Not when the address changed
 * (another screen: `FocusOnNewScreen` gives it that screen's start).
 */
function useFocusStartWhenGone(button: RefObject<HTMLButtonElement | null>): void {
  useLayoutEffect(() => {
    const control = button.current
    const shownAt = window.location.pathname
    return () => {
      // A cleanup runs before React takes the element out: it still holds the focus here.
      if (!control || document.activeElement !== control) return
      const part = partOf(control)
      const sameScreen = window.location.pathname === shownAt
      setTimeout(() => {
        if (!focusIsLost()) return
        if (part?.isConnected) focusStartOf(part)
        else if (sameScreen) focusScreenStart()
      })
    }
  }, [button])
}

/**
 * Asks again for what failed to load. `className`: its place and size where it stands. `what`: what it
 * asks for, where one page has more than one ("Try again: timed jobs"), so each button has its own name.
 * `failure`: the failure shown (from `useShownFailure`, which keeps it while it is asked again): with
 * it, the button says it is trying until the answer comes, and if the answer is another failure, says
 * that, keeping the focus. An answer that loads takes the failure and the button away: the focus goes
 * to the start of what loaded.
 */
export function TryAgain({
  onRetry,
  className = 'mt-3 text-sm',
  look = wayOnButton,
  what,
  failure,
}: {
  onRetry: () => void
  className?: string
  /** Its look, where a screen's Try again is a button of another kind (a pill, the screen's main action). */
  look?: string
  what?: string
  failure?: unknown
}) {
  const button = useRef<HTMLButtonElement>(null)
  const [askedAbout, setAskedAbout] = useState<{ failure: unknown } | null>(null)
  const [failedAgain, setFailedAgain] = useState(false)
  // Another failure shown than the one asked about: the answer came, and it failed too.
  if (askedAbout && askedAbout.failure !== failure) {
    setAskedAbout(null)
    setFailedAgain(true)
  }
  useFocusStartWhenGone(button)
  return (
    <TryAgainButton
      ref={button}
      busy={askedAbout !== null}
      failedAgain={failedAgain}
      what={what}
      className={`${className} ${look}`}
      onRetry={() => {
        setFailedAgain(false)
        if (failure !== undefined) setAskedAbout({ failure })
        onRetry()
      }}
    />
  )
}
