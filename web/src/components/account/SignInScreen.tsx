import { signInRequest } from '@reelmates/contracts/account'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { isUsernameAvailable, signIn } from '../../features/account/accountCalls'
import { destinationAfterSignIn, isInvitation } from '../../features/account/afterSignIn'
import type { SignInSearch } from '@reelmates/contracts/accountPages'
import { currentUserKey, setCurrentUser } from '../../features/account/currentUser'
import { fieldErrorsOf, type FieldErrors } from '../../features/account/fieldErrors'
import { explainSignInFailure, signInMessages } from '../../features/account/signInMessages'
import { sessionEndedByDeletion } from '../../features/account/sessionEnd'
import { wasSignedInHere } from '../../features/account/signedInHere'
import { toast } from '../../lib/toast'
import { AuthLayout } from './AuthLayout'
import { InvitationNotice } from './InvitationNotice'
import { RecommendationNotice } from './RecommendationNotice'
import { useInvitationLink } from '../../features/friends/invitationLink'
import { useRecommendationLink } from '../../features/recommendations/recommendationLink'
import { Field, FormCard, Notice, SubmitButton, useFocusOnRefusal } from './FormParts'
import { useDocumentTitle } from '../../lib/documentTitle'

type Fields = 'username' | 'password'

/**
 * /sign_in (spec §2): username and password, the two 401 explanations, invitations, a recommendation
 * mail's link, returnTo, and "You were signed out" for a member whose session ended while this tab had
 * them signed in.
 */
export function SignInScreen({ search }: { search: SignInSearch }) {
  useDocumentTitle('Sign in')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [status, setStatus] = useState<'idle' | 'submitting'>('idle')
  const [errors, setErrors] = useState<FieldErrors<Fields>>({})
  const [failure, setFailure] = useState<string>()
  const { form: formElement, refused, announcement } = useFocusOnRefusal()
  // Nobody is signed in on this page (its guard sends a member on), so a member who was signed in
  // in this tab, and did not log out here, lost the session elsewhere; unless the server could not say
  // who is signed in (its guard then shows the page all the same): only a 401 means signed out.
  // An account deleted elsewhere is said as such: "sign in again" would end in "This username doesn't exist".
  const [signedOutElsewhere] = useState(() =>
    wasSignedInHere() && queryClient.getQueryState(currentUserKey)?.status !== 'error'
      ? sessionEndedByDeletion()
        ? signInMessages.accountDeleted
        : signInMessages.signedOut
      : undefined,
  )
  const invited = isInvitation(search)
  const link = useInvitationLink(search)
  const recommendation = useRecommendationLink(search)

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = signInRequest.safeParse({ username: form.get('username'), password: form.get('password') })
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Fields>(parsed.error))
      refused()
      return
    }
    setErrors({})
    setFailure(undefined)
    setStatus('submitting')
    try {
      const user = await signIn(parsed.data)
      setCurrentUser(queryClient, user)
      toast({ title: 'Login successful', description: `Welcome back, ${user.username}!`, variant: 'success' })
      await navigate({ href: destinationAfterSignIn(search), replace: true })
    } catch (error) {
      const explained = await explainSignInFailure(error, () => isUsernameAvailable(parsed.data.username))
      setFailure(explained.message)
      if (explained.toast)
        toast({
          title: 'Login failed',
          description: 'There was a problem signing you in. Please try again later.',
          variant: 'destructive',
        })
      setStatus('idle')
    }
  }

  // What the link brought (an invitation, a recommendation, the address it was mailed to) goes along.
  const signUpSearch = {
    ...(invited ? { invite: true, from: search.from, token: search.token } : {}),
    ...(search.returnTo ? { returnTo: search.returnTo } : {}),
    ...(recommendation.kind === 'none' ? {} : { token: search.token }),
    ...(search.email ? { email: search.email } : {}),
  }

  return (
    <AuthLayout>
      <FormCard title="Welcome back" subtitle="Sign in to see what your friends are watching.">
        <div className="grid gap-5">
          <InvitationNotice link={link}>
            Sign in to accept the invitation and see what they're watching.
          </InvitationNotice>
          <RecommendationNotice link={recommendation} action="Sign in to see it." still="You can still sign in." />
          {/* Once the server says why they cannot sign in (a suspension), "sign in again" is not true. */}
          {signedOutElsewhere && !failure ? <Notice tone="info">{signedOutElsewhere}</Notice> : null}
          {failure ? <Notice tone="error">{failure}</Notice> : null}
          <form ref={formElement} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
            {announcement}
            <Field
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              error={errors.username}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              error={errors.password}
            />
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <Link to="/forgot-password" className="text-zinc-300 underline-offset-4 hover:text-white hover:underline">
                Forgot password?
              </Link>
              <Link to="/forgot-username" className="text-zinc-300 underline-offset-4 hover:text-white hover:underline">
                Forgot username?
              </Link>
            </div>
            <SubmitButton busy={status === 'submitting'} busyLabel="Signing In…">
              Sign In
            </SubmitButton>
          </form>
          <p className="text-center text-sm text-zinc-400">
            New to Reelmates?{' '}
            <Link to="/sign_up" search={signUpSearch} className="font-semibold text-reel hover:underline">
              Create an account
            </Link>
          </p>
        </div>
      </FormCard>
    </AuthLayout>
  )
}
