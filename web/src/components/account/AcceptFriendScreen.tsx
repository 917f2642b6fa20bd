import {
  acceptFriendshipAction,
  acceptFriendshipActionData,
  friendshipMessages,
} from '@reelmates/contracts/friendships'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { acceptFriendWithToken, processAuthToken } from '../../features/account/accountCalls'
import { currentUserQuery } from '../../features/account/currentUser'
import { useLogout } from '../../features/account/useLogout'
import { friendsKeys } from '../../features/friends/queries'
import { isApiError } from '../../lib/apiError'
import { toast } from '../../lib/toast'
import { ResultScreen, buttonClass, secondaryButtonClass } from './ResultScreen'

/** Spec §9: go to /friends 1.5 s after success; re-check the session up to 3 times, 1 s × attempt apart. */
export const acceptRedirectMs = 1500
export const authRecheckAttempts = 3

export const acceptFriendMessages = {
  noToken: 'No token provided. This link may be invalid or expired.',
  generic: 'An error occurred processing your request',
  tokenFailed: 'Failed to process authentication token',
  authError: 'An error occurred during authentication. Please try logging in manually.',
  notLoggedIn: 'Authentication appears to have succeeded, but you are not logged in. Please try logging in manually.',
  couldNotVerify: 'Could not verify authentication status...',
} as const

type Outcome =
  | { state: 'working' }
  | { state: 'success'; text: string }
  | { state: 'info'; text: string; signedIn: boolean }
  | { state: 'error'; text: string }
  /** The link is for another account than the one signed in here. */
  | { state: 'otherAccount'; username: string }

type AcceptAnswer = { message?: string; error?: string }

/** What signing in with a friend-request token did about the request (the action it carried). */
function acceptAnswerOf(carried: { action: string | null; actionData: unknown }): AcceptAnswer {
  if (carried.action !== acceptFriendshipAction) return { error: friendshipMessages.invalidToken }
  const data = acceptFriendshipActionData.safeParse(carried.actionData)
  if (!data.success) return { error: acceptFriendMessages.generic }
  return data.data.error !== undefined ? { error: data.data.error } : { message: data.data.message ?? '' }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback

/** /accept-friend?token= (spec §4): sign in with the token if needed, then accept the friendship. */
export function AcceptFriendScreen({ token }: { token: string | undefined }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' })
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    if (!token) {
      setOutcome({ state: 'error', text: acceptFriendMessages.noToken })
      return
    }
    const currentUser = () => queryClient.query({ ...currentUserQuery(), staleTime: 0 })
    const signedIn = async () => (await currentUser()) !== null

    void (async () => {
      let answer: AcceptAnswer
      // Whether the member is signed in once the link is used: a refused link signs nobody in.
      let signedInAfter = true
      try {
        const member = await currentUser()
        if (member) {
          answer = await acceptFriendWithToken(token).catch((error: unknown): AcceptAnswer => ({
            error: errorText(error, acceptFriendMessages.generic),
          }))
          // Go to Login led nowhere (the sign-in page sends a member home): they may switch accounts.
          // Their own request, opened where they are signed in (a shared family computer): the one it was
          // sent to needs this device as much as someone else would.
          if (answer.error === friendshipMessages.wrongAccount || answer.error === friendshipMessages.ownInvitation) {
            setOutcome({ state: 'otherAccount', username: member.username })
            return
          }
        } else {
          // The token is single-use: signing in with it also accepts the request, and the answer says
          // how that went. Spending it a second time on the accept call could only fail.
          const signingIn = await processAuthToken(token).then(
            (carried) => ({ carried }),
            (error: unknown) => ({ error }),
          )
          if ('error' in signingIn) {
            // No answer at all: the sign-in itself broke. An answer: the server refused the token, and
            // says why below ("already been accepted" is still good news).
            if (!isApiError(signingIn.error) || signingIn.error.status === 0) {
              setOutcome({ state: 'error', text: acceptFriendMessages.authError })
              return
            }
            answer = { error: errorText(signingIn.error, acceptFriendMessages.tokenFailed) }
            signedInAfter = false
          } else {
            let established = false
            for (let attempt = 1; attempt <= authRecheckAttempts && !established; attempt += 1) {
              await wait(attempt * 1000)
              established = await signedIn().catch(() => false)
            }
            if (!established) {
              setOutcome({ state: 'error', text: acceptFriendMessages.notLoggedIn })
              return
            }
            answer = acceptAnswerOf(signingIn.carried)
          }
        }
      } catch {
        setOutcome({ state: 'error', text: acceptFriendMessages.couldNotVerify })
        return
      }
      if (answer.error !== undefined) {
        if (answer.error.includes('already been'))
          // The heading says "Already friends" (spec §4); the line under it says why, not the same again.
          setOutcome({ state: 'info', text: 'This invitation was accepted before.', signedIn: signedInAfter })
        else setOutcome({ state: 'error', text: answer.error || acceptFriendMessages.generic })
        return
      }
      const text = answer.message || 'You are now friends.'
      void queryClient.invalidateQueries({ queryKey: friendsKeys.all })
      toast({ title: 'Friend added', description: text, variant: 'success' })
      setOutcome({ state: 'success', text })
      setTimeout(() => void navigate({ to: '/friends', replace: true }), acceptRedirectMs)
    })()
  }, [token, queryClient, navigate])

  const infoSignedIn = outcome.state === 'info' ? outcome.signedIn : null
  useEffect(() => {
    if (infoSignedIn === null) return
    const going = () =>
      infoSignedIn
        ? navigate({ to: '/friends', replace: true })
        : navigate({ to: '/sign_in', search: { returnTo: '/friends' }, replace: true })
    const timer = setTimeout(() => void going(), acceptRedirectMs)
    return () => clearTimeout(timer)
  }, [infoSignedIn, navigate])

  if (outcome.state === 'working')
    return (
      <ResultScreen state="working" title="Accepting invitation…">
        <p>Connecting you with your friend.</p>
      </ResultScreen>
    )
  if (outcome.state === 'otherAccount') return <SentToAnotherAccount username={outcome.username} />
  if (outcome.state === 'error') {
    return (
      <ResultScreen state="error" title="Couldn't accept the invitation">
        <p className="text-base text-zinc-200">{outcome.text}</p>
        <div className="flex flex-wrap justify-center gap-3">
          {/* Back to Friends once signed in: a request the link did not accept waits there. */}
          <Link to="/sign_in" search={{ returnTo: '/friends' }} className={buttonClass}>
            Go to Login
          </Link>
          <Link to="/friends" className={secondaryButtonClass}>
            Go to Friends
          </Link>
        </div>
      </ResultScreen>
    )
  }
  return (
    <ResultScreen state={outcome.state} title={outcome.state === 'info' ? 'Already friends' : "You're now friends!"}>
      <p>{outcome.text}</p>
      <p className="text-zinc-400">
        {outcome.state === 'info' && !outcome.signedIn ? 'Taking you to sign in…' : 'Taking you to your friends…'}
      </p>
    </ResultScreen>
  )
}

/**
 * A friend request mailed to one account, opened where another is signed in. Logging out lands on the
 * sign-in page with this link to come back to, so signing in as the account it was sent to accepts it.
 */
function SentToAnotherAccount({ username }: { username: string }) {
  const link = useLocation({ select: (location) => location.href })
  const logOutAndSignIn = useLogout({ returnTo: link })
  return (
    <ResultScreen state="info" title="This request was sent to another account">
      <p className="text-base text-zinc-200">
        You&apos;re signed in as <strong className="text-white">{username}</strong>. To accept it, sign in to the
        account it was sent to.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" onClick={logOutAndSignIn} className={buttonClass}>
          Log out and sign in
        </button>
        <Link to="/home" className={secondaryButtonClass}>
          Go home
        </Link>
      </div>
    </ResultScreen>
  )
}
