import { registerRequest } from '@reelmates/contracts/account'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { register } from '../../features/account/accountCalls'
import type { SignUpSearch } from '@reelmates/contracts/accountPages'
import { destinationAfterSignIn, isInvitation } from '../../features/account/afterSignIn'
import { setCurrentUser } from '../../features/account/currentUser'
import { fieldErrorsOf, type FieldErrors } from '../../features/account/fieldErrors'
import { explainRegistrationFailure } from '../../features/account/signInMessages'
import { tellInvitationOutcome } from '../../features/friends/signUpInvitation'
import { toast } from '../../lib/toast'
import { AuthLayout } from './AuthLayout'
import { InvitationNotice } from './InvitationNotice'
import { RecommendationNotice } from './RecommendationNotice'
import { useInvitationLink } from '../../features/friends/invitationLink'
import { useRecommendationLink } from '../../features/recommendations/recommendationLink'
import { Field, FormCard, Notice, SubmitButton, useFocusOnRefusal } from './FormParts'
import { useDocumentTitle } from '../../lib/documentTitle'

type Fields = 'username' | 'email' | 'password'

/** /sign_up and /register (spec §2): Create Account, prefilled email, invitation and recommendation banners. */
export function SignUpScreen({ search }: { search: SignUpSearch }) {
  useDocumentTitle('Create account')
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<FieldErrors<Fields>>({})
  const [failure, setFailure] = useState<string>()
  const { form: formElement, refused, announcement } = useFocusOnRefusal()
  const invited = isInvitation(search)
  const link = useInvitationLink(search)
  const recommendation = useRecommendationLink(search)

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = registerRequest.safeParse({
      username: form.get('username'),
      email: form.get('email'),
      password: form.get('password'),
      location: null,
      bio: null,
      invitationToken: invited ? (search.token ?? null) : null,
      // A recommendation mail's link: signing up puts the recommendation in the new inbox. A used one
      // still proves the mailbox, for what else was recommended to the address.
      recommendationToken: recommendation.kind === 'none' ? null : (search.token ?? null),
    })
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Fields>(parsed.error))
      refused()
      return
    }
    setErrors({})
    setFailure(undefined)
    setBusy(true)
    try {
      const user = await register(parsed.data)
      setCurrentUser(queryClient, user)
      toast({
        title: 'Registration successful',
        description: `Welcome to Reelmates, ${user.username}!`,
        variant: 'success',
      })
      // Registering spent the invitation's token (it made the two friends): /home must not send it again.
      await navigate({ href: destinationAfterSignIn({ ...search, token: undefined }), replace: true })
      if (invited && search.token) void tellInvitationOutcome(link.kind === 'named' ? link.value : null)
    } catch (error) {
      // Spec §8: a failed registration is said on the form and logged, never toasted.
      console.error('Registration failed', error)
      const explained = explainRegistrationFailure(error)
      setErrors(explained.fields)
      setFailure(explained.message)
      // A taken username or email is said under its field only: the focus goes there to say it.
      if (Object.keys(explained.fields).length > 0) refused()
      setBusy(false)
    }
  }

  // The address the link was mailed to goes along too, so that "Create an account" from the sign-in
  // page prefills it again.
  const email = search.email ? { email: search.email } : {}
  const inviteSearch = { invite: true, from: search.from, token: search.token, ...email }
  // A member already has an account under another address: signing in keeps the link's token, and
  // takes the recommendation into their inbox as signing up would.
  const signInSearch = {
    ...(search.returnTo ? { returnTo: search.returnTo } : {}),
    ...(recommendation.kind === 'none' ? {} : { token: search.token }),
    ...email,
  }

  return (
    <AuthLayout>
      <FormCard title="Create Account" subtitle="It’s free. Bring your friends.">
        <div className="grid gap-5">
          <InvitationNotice link={link}>
            Create your account to connect with them.{' '}
            <Link to="/sign_in" search={inviteSearch} className="font-semibold underline">
              Already have an account? Sign in
            </Link>
          </InvitationNotice>
          <RecommendationNotice
            link={recommendation}
            action="Create your free account to see it."
            still="You can still create an account, or sign in if you have one."
          />
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
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={search.email ?? ''}
              error={errors.email}
            />
            <Field
              label="Password"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
              hint={<p className="text-xs text-zinc-400">At least 6 characters.</p>}
            />
            <SubmitButton busy={busy} busyLabel="Creating account…">
              Sign Up
            </SubmitButton>
            {/* What signing up agrees to, where the person agrees to it (the Terms ask for 13 and over). */}
            <p className="text-center text-xs leading-relaxed text-zinc-400">
              By signing up you agree to the{' '}
              <Link to="/terms" className="underline underline-offset-2 hover:text-zinc-200">
                Terms
              </Link>{' '}
              and confirm you are 13 or older. The{' '}
              <Link to="/privacy" className="underline underline-offset-2 hover:text-zinc-200">
                Privacy
              </Link>{' '}
              page says what we keep and who sees it.
            </p>
          </form>
          {/* A working invitation's banner already offers it, keeping the invitation. */}
          {invited && link.kind !== 'refused' ? null : (
            <p className="text-center text-sm text-zinc-400">
              Already have an account?{' '}
              <Link to="/sign_in" search={signInSearch} className="font-semibold text-reel hover:underline">
                Sign in
              </Link>
            </p>
          )}
        </div>
      </FormCard>
    </AuthLayout>
  )
}
