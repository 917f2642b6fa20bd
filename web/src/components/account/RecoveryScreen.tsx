import { emailRequest, messages } from '@reelmates/contracts/account'
import { Link } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { requestPasswordReset, requestSignInLink, requestUsername } from '../../features/account/accountCalls'
import { fieldErrorsOf } from '../../features/account/fieldErrors'
import { isApiError } from '../../lib/apiError'
import { AuthLayout } from './AuthLayout'
import { Field, FormCard, Notice, SubmitButton, useFocusOnRefusal } from './FormParts'
import { useDocumentTitle } from '../../lib/documentTitle'

const recoveries = {
  password: {
    title: 'Forgot password',
    intro: "Enter the email on your account and we'll send you a link to choose a new password.",
    button: 'Send reset link',
    sent: messages.passwordResetMailSent,
    call: requestPasswordReset,
    // The same address can have a link that signs in once instead (spec §1: magic-link sign-in).
    instead: {
      button: 'Email me a sign-in link instead',
      sent: messages.signInLinkMailSent,
      after: 'The link signs you in once, within 15 minutes.',
      call: requestSignInLink,
    },
  },
  username: {
    title: 'Forgot username',
    intro: "Enter the email on your account and we'll send you your username.",
    button: 'Send my username',
    sent: messages.usernameMailSent,
    call: requestUsername,
    instead: null,
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
  const [sent, setSent] = useState<{ message: string; after?: string }>()
  const { form: formElement, refused, announcement } = useFocusOnRefusal()

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const instead = event.nativeEvent.submitter?.getAttribute('value') === 'instead' ? recovery.instead : null
    const parsed = emailRequest.safeParse({ email: new FormData(event.currentTarget).get('email') })
    if (!parsed.success) {
      setEmailError(fieldErrorsOf<'email'>(parsed.error).email)
      refused()
      return
    }
    setEmailError(undefined)
    setFailure(undefined)
    setBusy(true)
    try {
      const asked = instead ?? recovery
      const message = (await asked.call(parsed.data.email)) ?? asked.sent
      setSent(instead ? { message, after: instead.after } : { message })
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
            <Notice tone="success">{sent.after ? `${sent.message} ${sent.after}` : sent.message}</Notice>
            <Link to="/sign_in" className="text-sm font-semibold text-reel hover:underline">
              ← Back to login
            </Link>
          </div>
        ) : (
          <form ref={formElement} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
            {announcement}
            {failure ? <Notice tone="error">{failure}</Notice> : null}
            <Field label="Email" name="email" type="email" autoComplete="email" error={emailError} />
            <SubmitButton busy={busy}>{recovery.button}</SubmitButton>
            {recovery.instead ? (
              <button
                type="submit"
                value="instead"
                disabled={busy}
                className="flex h-12 w-full items-center justify-center rounded-xl font-semibold text-zinc-100 ring-1 ring-white/15 transition hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-reel disabled:cursor-wait disabled:opacity-80"
              >
                {recovery.instead.button}
              </button>
            ) : null}
            <Link to="/sign_in" className="text-center text-sm text-zinc-400 hover:text-white">
              ← Back to login
            </Link>
          </form>
        )}
      </FormCard>
    </AuthLayout>
  )
}
