import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useState } from 'react'
import { SessionUnknown } from '../../features/account/currentUser'
import { PageError } from '../shell/PageError'
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
 * The error screen of the pages behind a sign-in guard. When the guard could not learn who is signed
 * in (`SessionUnknown`), it says why and asks again on Try again; sending the member to the sign-in
 * page instead told them they were signed out, which nothing said (spec §4: only a 401 does). Any
 * other failure is the app's usual error screen.
 */
export function SessionUnknownScreen(props: ErrorComponentProps) {
  const router = useRouter()
  const [asking, setAsking] = useState(false)
  if (!(props.error instanceof SessionUnknown)) return <PageError {...props} />
  const { title, body } = sessionUnknownTexts[props.error.unreachable ? 'unreachable' : 'failed']
  const askAgain = () => {
    setAsking(true)
    props.reset()
    void router.invalidate().finally(() => setAsking(false))
  }
  return (
    <ResultScreen state="error" title={title}>
      <p className="text-base text-zinc-200">{body}</p>
      <div className="flex justify-center">
        <button type="button" onClick={askAgain} disabled={asking} aria-busy={asking} className={buttonClass}>
          Try again
        </button>
      </div>
    </ResultScreen>
  )
}
