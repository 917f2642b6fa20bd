import type { UnsubscribedSearch } from '@reelmates/contracts/accountPages'
import { Link } from '@tanstack/react-router'
import { useState, type SubmitEvent } from 'react'
import { stopCampaignEmails } from '../../features/account/accountCalls'
import { isApiError } from '../../lib/apiError'
import { AuthLayout } from './AuthLayout'
import { Field, FormCard, Notice, SubmitButton } from './FormParts'
import { buttonClass, secondaryButtonClass } from './ResultScreen'
import { useDocumentTitle } from '../../lib/documentTitle'
import { TokenUnsubscribe } from './TokenUnsubscribe'

const supportEmail = 'support@reelmates.app'

export const unsubscribeMessages = {
  invalidEmail: 'Please enter a valid email address',
  failed: 'Failed to update preferences. Please try again.',
  error: 'An error occurred. Please try again later.',
} as const

/** Spec §5: the confirmation only needs a non-empty address with an at-sign; the server checks the rest. */
export const looksLikeEmail = (value: string) => value.trim() !== '' && value.includes('@')

/** /unsubscribed?success|special|error (spec §2): the result of an unsubscribe link. */
export function UnsubscribedScreen({ flags }: { flags: UnsubscribedSearch }) {
  const [busy, setBusy] = useState(false)
  const [emailError, setEmailError] = useState<string>()
  const [failure, setFailure] = useState<string>()
  const [confirmed, setConfirmed] = useState<string>()
  const failed = flags.error !== undefined && flags.error !== false && flags.error !== '' && flags.error !== 'false'

  async function confirm(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault()
    const entered = new FormData(event.currentTarget).get('email')
    const email = typeof entered === 'string' ? entered : ''
    if (!looksLikeEmail(email)) {
      setEmailError(unsubscribeMessages.invalidEmail)
      return
    }
    setEmailError(undefined)
    setFailure(undefined)
    setBusy(true)
    try {
      const answer = await stopCampaignEmails(email.trim())
      if (answer.success) setConfirmed(answer.message)
      else setFailure(unsubscribeMessages.failed)
    } catch (error) {
      // The server answered and said no (a 4xx): the preferences were not updated. Anything else
      // (no connection, a server fault) is the generic error.
      const refused = isApiError(error) && error.status >= 400 && error.status < 500
      // An address with an at-sign that is still no address ("a@b") is refused by the server's whole
      // rule: said under the field, in the same words as the check here, not as "try again".
      if (refused && error.message === unsubscribeMessages.invalidEmail) setEmailError(error.message)
      else setFailure(refused ? unsubscribeMessages.failed : unsubscribeMessages.error)
    } finally {
      setBusy(false)
    }
  }

  // Without any flag the page was opened by hand, not from an unsubscribe link: it claims nothing.
  const title = flags.token
    ? 'Unsubscribe'
    : failed
      ? 'Unsubscribe Failed'
      : confirmed || (flags.success && !flags.special)
        ? "You're unsubscribed"
        : flags.special
          ? 'Confirm your email'
          : 'Email preferences'
  useDocumentTitle(title)

  return (
    <AuthLayout carousel={false}>
      <FormCard title={title}>
        <div className="grid gap-5">
          {flags.token ? <TokenUnsubscribe token={flags.token} /> : null}
          {failed ? (
            // The flag's own text is never shown: anyone can write an address, and the page would say it.
            <Notice tone="error" title="Unsubscribe Failed">
              We couldn't update your email preferences from that link.
            </Notice>
          ) : null}
          {flags.success && !flags.special ? (
            <Notice tone="success" title="Unsubscribed">
              You won't receive tips and news emails from Reelmates any more. Account emails such as password resets
              still arrive.
            </Notice>
          ) : null}
          {flags.special && !confirmed ? (
            <>
              <Notice tone="info" title="One more step">
                To stop these emails, confirm the address they were sent to.
              </Notice>
              <form onSubmit={(event) => void confirm(event)} noValidate className="grid gap-4">
                {failure ? (
                  <Notice tone="error" title="Unsubscribe Failed">
                    {failure}
                  </Notice>
                ) : null}
                <Field
                  label="Email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  defaultValue={flags.email ?? ''}
                  error={emailError}
                />
                <SubmitButton busy={busy}>Unsubscribe</SubmitButton>
              </form>
            </>
          ) : null}
          {!flags.token && !failed && !flags.success && !flags.special ? (
            <p className="text-zinc-300">
              This page shows the result of an unsubscribe link from one of our emails. To choose which emails Reelmates
              sends you, open your email preferences.
            </p>
          ) : null}
          {confirmed ? (
            <Notice tone="success" title="Unsubscribed">
              {confirmed}
            </Notice>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Link to="/profile" hash="email-preferences" className={buttonClass}>
              Email preferences
            </Link>
            <Link to="/home" className={secondaryButtonClass}>
              Go to Home
            </Link>
          </div>
          <p className="text-sm text-zinc-400">
            Need help? Write to{' '}
            <a href={`mailto:${supportEmail}`} className="font-semibold text-reel underline">
              {supportEmail}
            </a>
            .
          </p>
        </div>
      </FormCard>
    </AuthLayout>
  )
}
