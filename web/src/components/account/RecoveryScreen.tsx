import { emailRequest, messages } from '@reelmates/contracts/account'
import { Link } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { requestPasswordReset, requestUsername } from '../../features/account/accountCalls'
import { fieldErrorsOf } from '../../features/account/fieldErrors'
import { isApiError } from '../../lib/apiError'
import { AuthLayout } from './AuthLayout'
import { Field, FormCard, Notice, SubmitButton } from './FormParts'
import { useDocumentTitle } from '../../lib/documentTitle'

const recoveries = {
  password: {
    title: 'Forgot password',
    intro: "Enter the email on your account and we'll send you a link to choose a new password.",
    button: 'Send reset link',
    sent: messages.passwordResetMailSent,
    call: requestPasswordReset,
  },
  username: {
    title: 'Forgot username',
    intro: "Enter the email on your account and we'll send you your username.",
    button: 'Send my username',
    sent: messages.usernameMailSent,
    call: requestUsername,
  },
} as const

const somethingWentWrong = 'Something went wrong. Please try again.'

/** /forgot-password and /forgot-username (spec §2): an email field, then "Check your email". */
export function RecoveryScreen({ kind }: { kind: keyof typeof recoveries }) {
  const recovery = recoveries[kind]
  useDocumentTitle(recovery.title)
  const [busy, setBusy] = useState(false)
  const [emailError, setEmailError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [sent, setSent] = useState<string>()

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = emailRequest.safeParse({ email: new FormData(event.currentTarget).get('email') })
    if (!parsed.success) {
      setEmailError(fieldErrorsOf<'email'>(parsed.error).email)
      return
    }
    setEmailError(undefined)
    setFailure(undefined)
    setBusy(true)
    try {
      setSent((await recovery.call(parsed.data.email)) ?? recovery.sent)
    } catch (error) {
      setFailure(isApiError(error) && error.status !== 0 ? error.message : somethingWentWrong)
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthLayout carousel={false}>
      <FormCard title={sent ? 'Check your email' : recovery.title} subtitle={sent ? undefined : recovery.intro}>
        {sent ? (
          <div className="grid gap-5">
            <Notice tone="success">{sent}</Notice>
            <Link to="/sign_in" className="text-sm font-semibold text-reel hover:underline">
              ← Back to login
            </Link>
          </div>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
            {failure ? <Notice tone="error">{failure}</Notice> : null}
            <Field label="Email" name="email" type="email" autoComplete="email" error={emailError} />
            <SubmitButton busy={busy}>{recovery.button}</SubmitButton>
            <Link to="/sign_in" className="text-center text-sm text-zinc-400 hover:text-white">
              ← Back to login
            </Link>
          </form>
        )}
      </FormCard>
    </AuthLayout>
  )
}
