import { useRouter, type AnyRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { SessionUnknown } from '../../features/account/currentUser'
import { focusIsLost } from '../../lib/focusLost'
import { focusScreenStartWhenLost } from '../shell/FocusOnNewScreen'
import { PageError } from '../shell/PageError'
import { TryAgainButton } from '../shell/TryAgain'
import { ResultScreen, buttonClass } from './ResultScreen'

export const sessionUnknownTexts = {
  unreachable: {
    title: "We couldn't reach Reelmates",
    body: "No answer came from Reelmates, so this device can't tell who is signed in. Check your connection, then try again.",
  },
  failed: {
    title: 'Something went wrong on our side',
    body: "Reelmates couldn't say who is signed in just now. You haven't been signed out: try again in a moment.",
  },
} as const

/**
 * Try again on its way, or answered by another failure, per router. Kept outside the screen: the
 * router draws it anew (another instance, its state gone) as soon as it asks again, and again for the
 * answer that fails, so the button came back as a plain Try again with the focus on the page's body.
 * `about`: the failure on screen; `answered`: it is the answer to Try again.
 */
const askedAgain = new WeakMap<AnyRouter, { about: unknown; answered: boolean }>()

/**
 * The error screen of the pages behind a sign-in guard. When the guard could not learn who is signed
 * in (`SessionUnknown`), it says why and asks again on Try again; sending the member to the sign-in
 * page instead told them they were signed out, which nothing said (spec §4: only a 401 does). Any
 * other failure is the app's usual error screen. While it asks, Try again says so and keeps the focus;
 * another failure says it failed again, the focus still on Try again; the page, once it loads, has
 * the focus at its start.
 */
export function SessionUnknownScreen(props: ErrorComponentProps) {
  const router = useRouter()
  const tryAgain = useRef<HTMLButtonElement>(null)
  const asked = askedAgain.get(router)
  const busy = asked !== undefined && asked.about === props.error && !asked.answered
  // Another failure than the one asked about is Try again's answer only while it was on its way; one
  // met afterwards (the member went on by Back, or another page) is a failure of its own.
  const failedAgain = asked !== undefined && (asked.about === props.error ? asked.answered : !asked.answered)
  useEffect(() => {
    if (!asked) return
    if (asked.about !== props.error) {
      if (asked.answered) {
        askedAgain.delete(router)
        return
      }
      askedAgain.set(router, { about: props.error, answered: true })
    }
    if (focusIsLost()) tryAgain.current?.focus()
  }, [asked, props.error, router])
  if (!(props.error instanceof SessionUnknown)) return <PageError {...props} />
  const { title, body } = sessionUnknownTexts[props.error.unreachable ? 'unreachable' : 'failed']
  const askAgain = () => {
    askedAgain.set(router, { about: props.error, answered: false })
    props.reset()
    void router.invalidate().finally(() => {
      // Failed again: the screen drawn for that failure says so.
      if (router.state.matches.some((match) => match.status === 'error')) return
      askedAgain.delete(router)
      focusScreenStartWhenLost()
    })
  }
  return (
    <ResultScreen state="error" title={title}>
      <p className="text-base text-zinc-200">{body}</p>
      <div className="grid justify-items-center gap-2">
        <TryAgainButton
          ref={tryAgain}
          busy={busy}
          failedAgain={failedAgain}
          onRetry={askAgain}
          className={buttonClass}
          statusClassName="text-sm text-zinc-300"
        />
      </div>
    </ResultScreen>
  )
}
