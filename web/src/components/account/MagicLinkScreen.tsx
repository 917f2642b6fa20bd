import { messages } from '@reelmates/contracts/account'
import { signInLinkAccount } from '@reelmates/contracts/accountPages'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { authenticateWithMagicLink } from '../../features/account/accountCalls'
import { currentUserKey, currentUserQuery } from '../../features/account/currentUser'
import { safeReturnTo } from '../../features/account/returnTo'
import { isApiError } from '../../lib/apiError'
import { ResultScreen, buttonClass, secondaryButtonClass } from './ResultScreen'

/** Spec §9: the session is checked 500 ms after the link; a failed check redirects after 3 s. */
export const magicLinkSessionDelayMs = 500
export const magicLinkFallbackRedirectMs = 3000

const notEstablished = 'Authentication succeeded but session was not established. Please try to sign in manually.'

interface Failure {
  message: string
  /** The server's own words for it ("This sign-in link has expired…"), said first when there are any. */
  reason?: string | undefined
  details?: string | undefined
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function magicLinkFailure(error: unknown): Failure {
  if (!isApiError(error) || error.status === 0)
    return {
      message: 'Failed to authenticate with magic link',
      details: error instanceof Error ? error.message : String(error),
    }
  const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as {
    message?: unknown
    detail?: unknown
    error?: unknown
  }
  const reason = typeof body.message === 'string' && body.message !== '' ? body.message : undefined
  const detail = [body.detail, body.error]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' — ')
  return {
    message: `Authentication failed with status ${error.status}`,
    reason,
    details: detail || (reason ? undefined : error.message),
  }
}

/**
 * /magic-link?token=&redirect= (spec §4): CSRF → authenticate → wait 500 ms → verify → go. A link
 * opened where another member is signed in would replace them without a word (a shared computer, a
 * link forwarded by mistake): the page asks first, and spends the link only on Continue.
 */
export function MagicLinkScreen({ token, redirect }: { token: string | undefined; redirect: string | undefined }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [failure, setFailure] = useState<Failure>()
  const [succeeded, setSucceeded] = useState(false)
  /** The member signed in here, while the page asks whether the link should replace them. */
  const [asking, setAsking] = useState<string>()
  const started = useRef(false)
  const target = safeReturnTo(redirect) ?? '/home'

  const spendLink = useCallback(
    async (linkToken: string) => {
      let answer: { redirect?: string }
      try {
        answer = await authenticateWithMagicLink(linkToken, target)
      } catch (error) {
        setFailure(magicLinkFailure(error))
        return
      }
      // Who was signed in before the link is no longer true: a guard must ask again, not take it.
      queryClient.removeQueries({ queryKey: currentUserKey, exact: true })
      await wait(magicLinkSessionDelayMs)
      try {
        const user = await queryClient.query({ ...currentUserQuery(), staleTime: 0 })
        if (!user) {
          setFailure({ message: notEstablished })
          return
        }
        setSucceeded(true)
        await navigate({ href: safeReturnTo(answer.redirect) ?? target, replace: true })
      } catch (error) {
        // The link itself was accepted, so the member is most likely signed in and only the check was
        // lost: go on to where the link leads; a page that needs a session asks for sign-in itself.
        const going = safeReturnTo(answer.redirect) ?? target
        setFailure({
          message: error instanceof Error ? error.message : String(error),
          details: 'The session check failed; taking you on in a moment.',
        })
        setTimeout(() => void navigate({ href: going, replace: true }), magicLinkFallbackRedirectMs)
      }
    },
    [target, queryClient, navigate],
  )

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!token) {
      setFailure({ message: messages.magicLinkMissing })
      return
    }
    void (async () => {
      // Who is signed in now. Not knowing (the server failed), the link is used as it would be by
      // anyone: it signs in, or says why not.
      const member = await queryClient.query({ ...currentUserQuery(), staleTime: 0 }).catch(() => null)
      // The token names its account: the member's own link is used without a question.
      if (member && member.id.toLowerCase() !== signInLinkAccount(token)) setAsking(member.username)
      else await spendLink(token)
    })()
  }, [token, queryClient, spendLink])

  if (asking !== undefined && token) {
    return (
      <ResultScreen state="info" title="Sign in with this link?">
        <p className="text-base text-zinc-200">
          You&apos;re signed in as <strong className="text-white">{asking}</strong>. Sign in with this link instead?
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button
            type="button"
            onClick={() => {
              setAsking(undefined)
              void spendLink(token)
            }}
            className={buttonClass}
          >
            Continue
          </button>
          {/* The link stays unspent: it can still be used later, on another browser. */}
          <Link to="/home" replace className={secondaryButtonClass}>
            Stay signed in as {asking}
          </Link>
        </div>
      </ResultScreen>
    )
  }
  if (failure) {
    return (
      <ResultScreen state="error" title="Authentication Failed">
        <p className="text-base text-zinc-200">{failure.reason ?? failure.message}</p>
        {failure.details || failure.reason ? (
          <details className="rounded-xl bg-black/30 p-3 text-left text-xs text-zinc-400" open>
            <summary className="cursor-pointer font-semibold text-zinc-300">Technical details</summary>
            {failure.reason ? <p className="mt-2">{failure.message}</p> : null}
            {failure.details ? <pre className="mt-2 whitespace-pre-wrap font-mono">{failure.details}</pre> : null}
          </details>
        ) : null}
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Link to="/sign_in" className={buttonClass}>
            Go to Login
          </Link>
          <Link to="/home" className={secondaryButtonClass}>
            Go to Home
          </Link>
        </div>
      </ResultScreen>
    )
  }
  return (
    <ResultScreen state={succeeded ? 'success' : 'working'} title={succeeded ? 'Signed in' : 'Authenticating...'}>
      {succeeded ? <p>Taking you there…</p> : <p>Checking your sign-in link.</p>}
    </ResultScreen>
  )
}
