import { messages, resetPasswordRequest } from '@reelmates/contracts/account'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type SubmitEvent } from 'react'
import { checkResetLink, resetPassword } from '../../features/account/accountCalls'
import { fieldErrorsOf, type FieldErrors } from '../../features/account/fieldErrors'
import { isApiError, requestMessages } from '../../lib/apiError'
import { AuthLayout } from './AuthLayout'
import { Field, FormCard, Notice, SubmitButton, useFocusOnRefusal } from './FormParts'
import { useDocumentTitle } from '../../lib/documentTitle'

/** Spec §9: after a successful reset the screen goes to sign-in after 3 s. */
export const resetRedirectMs = 3000

type Fields = 'newPassword' | 'confirmPassword'

function resetFailureText(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return 'Failed to reset password'
  if (error.message && error.message !== requestMessages.fallback) return error.message
  return 'Failed to reset password. The link may have expired.'
}

/**
 * The server looked at the request and said no for a reason other than the passwords (which are checked
 * here first): the token was used, expired or never existed, and only a new link helps. A lost
 * connection or a rate limit is worth retrying instead. A 403 refuses the account, not the link (it is
 * suspended, and the message says whom to ask): a new link would be refused the same way, and none is mailed.
 */
function tokenRefused(error: unknown): boolean {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return false
  if (error.status === 403 || error.status === 429) return false
  const fields = error.validationErrors ?? {}
  return !('newPassword' in fields) && !('confirmPassword' in fields)
}

/** /reset-password/{token} and /reset-password?token= (spec §2). */
export function ResetPasswordScreen({ token }: { token: string | undefined }) {
  useDocumentTitle('Reset password')
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<FieldErrors<Fields>>({})
  const [failure, setFailure] = useState<{ text: string; newLinkNeeded: boolean }>()
  const [done, setDone] = useState(false)
  const { form: formElement, refused, announcement } = useFocusOnRefusal()

  // The link is looked at as the page opens: a used, expired or replaced one says so before anyone
  // types a new password twice. Only a refusal counts; a lost connection or a rate limit leaves the
  // form, and the reset itself will say what holds. Once it is sent, its own answer is the one that counts.
  const resetSent = useRef(false)
  useEffect(() => {
    if (!token) return
    let current = true
    checkResetLink(token).catch((error: unknown) => {
      if (!current || resetSent.current || !isApiError(error)) return
      if (error.status < 400 || error.status >= 500 || error.status === 429) return
      setFailure({ text: resetFailureText(error), newLinkNeeded: tokenRefused(error) })
    })
    return () => {
      current = false
    }
  }, [token])

  useEffect(() => {
    if (!done) return
    const timer = setTimeout(() => void navigate({ to: '/sign_in', replace: true }), resetRedirectMs)
    return () => clearTimeout(timer)
  }, [done, navigate])

  // A link the server refused (used, expired, never sent) is as invalid as one without a token (spec
  // §8): no form, the server's reason, and the way to a new link.
  if (!token || failure?.newLinkNeeded) {
    return (
      <AuthLayout carousel={false}>
        <FormCard
          title={messages.resetLinkMissing}
          subtitle={failure ? undefined : 'This password reset link is incomplete or has already been used.'}
        >
          <div className="grid gap-4">
            {failure ? <Notice tone="error">{failure.text}</Notice> : null}
            <div>
              <Link
                to="/forgot-password"
                className="inline-block rounded-xl bg-reel-fill px-5 py-3 text-sm font-semibold text-white hover:bg-reel-strong"
              >
                Request a new link
              </Link>
            </div>
          </div>
        </FormCard>
      </AuthLayout>
    )
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const parsed = resetPasswordRequest.safeParse({
      token,
      newPassword: form.get('newPassword'),
      confirmPassword: form.get('confirmPassword'),
    })
    if (!parsed.success) {
      setErrors(fieldErrorsOf<Fields>(parsed.error))
      refused()
      return
    }
    setErrors({})
    setFailure(undefined)
    setBusy(true)
    resetSent.current = true
    try {
      await resetPassword(parsed.data)
      setDone(true)
    } catch (error) {
      setFailure({ text: resetFailureText(error), newLinkNeeded: tokenRefused(error) })
      setBusy(false)
    }
  }

  return (
    <AuthLayout carousel={false}>
      <FormCard title={done ? 'Password reset' : 'Choose a new password'}>
        {done ? (
          <div className="grid gap-4">
            <Notice tone="success" title="Your password has been reset.">
              Taking you to sign in…
            </Notice>
            <Link to="/sign_in" className="text-sm font-semibold text-reel hover:underline">
              Sign in now
            </Link>
          </div>
        ) : (
          <form ref={formElement} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
            {announcement}
            {failure ? <Notice tone="error">{failure.text}</Notice> : null}
            <Field
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              error={errors.newPassword}
            />
            <Field
              label="Confirm password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
            <SubmitButton busy={busy}>Reset password</SubmitButton>
          </form>
        )}
      </FormCard>
    </AuthLayout>
  )
}
