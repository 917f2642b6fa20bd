import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { adminCalls, adminKeys, outboxPage, type OutboxMail } from '../../features/admin/adminCalls'
import { searchLimits } from '../../features/admin/searchLimits'
import { useDebouncedValue } from '../../features/catalog/useDebouncedValue'
import { AdminScreen } from '../shell/AdminScreen'
import { AdminSearchField } from './AdminSearchField'
import { panel, quietButton } from '../social/socialStyles'
import { appLocale } from '../../lib/appLocale'
import { AdminLoadFailed } from './AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadingLine } from '../shell/NotSavedOffline'

const statusStyle: Record<OutboxMail['status'], string> = {
  outbox: 'bg-white/5 text-zinc-300',
  sent: 'bg-emerald-500/15 text-emerald-300',
  failed: 'bg-red-500/15 text-red-300',
}

/**
 * /admin/outbox: the mail of the embedded column. Without SMTP every mail waits here (password resets,
 * sign-in links, invitations), so this is where an operator reads them.
 */
export function OutboxScreen() {
  const [to, setTo] = useState('')
  const address = useDebouncedValue(to.trim(), 300)
  // The box takes no more than the server does; text put there another way is said, not sent.
  const tooLong = address.length > searchLimits.recipient
  const mails = useQuery({
    queryKey: adminKeys.outbox(address),
    queryFn: () => adminCalls.outbox(address),
    enabled: !tooLong,
  })
  const failure = useShownFailure(mails)

  return (
    <AdminScreen title="Mail outbox">
      <div className="mt-6 grid gap-4">
        <AdminSearchField
          label="Recipient"
          value={to}
          placeholder="Part of an address"
          maxLength={searchLimits.recipient}
          onChange={setTo}
        />
        {tooLong ? (
          <p role="alert" className="text-red-300">
            Recipient must be at most {searchLimits.recipient} characters
          </p>
        ) : failure && !mails.data ? (
          <AdminLoadFailed error={failure} onRetry={() => void mails.refetch()} />
        ) : !mails.data ? (
          <LoadingLine what="mail" />
        ) : mails.data.length === 0 ? (
          <p className="text-zinc-400">No mail{address ? ` to ${address}` : ''} yet.</p>
        ) : (
          <>
            {/* A full page may not be all: older mail (an account's reset link, an invitation) is
                reached by its address, which the list cut off at 100 never said. */}
            {mails.data.length >= outboxPage ? (
              <p role="status" className="text-sm text-zinc-400">
                Showing the newest {outboxPage} mails{address ? ` to ${address}` : ''}. Type more of an address to find
                older ones.
              </p>
            ) : null}
            <ul className="grid gap-3" aria-label="Mails">
              {mails.data.map((mail) => (
                <MailRow key={mail.id} mail={mail} />
              ))}
            </ul>
          </>
        )}
      </div>
    </AdminScreen>
  )
}

function MailRow({ mail }: { mail: OutboxMail }) {
  const [open, setOpen] = useState(false)
  return (
    <li className={panel}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[mail.status]}`}>
          {mail.status}
        </span>
        <span className="text-zinc-400">{mail.category}</span>
        <time dateTime={mail.createdAt} className="ml-auto text-zinc-400">
          {new Date(mail.createdAt).toLocaleString(appLocale)}
        </time>
      </div>
      <h2 className="mt-2 font-semibold text-white [overflow-wrap:anywhere]">{mail.subject}</h2>
      <p className="text-sm text-zinc-400 [overflow-wrap:anywhere]">To {mail.to}</p>
      {mail.error ? <p className="mt-1 text-sm text-red-300 [overflow-wrap:anywhere]">{mail.error}</p> : null}
      <button type="button" className={`${quietButton} -ml-3 mt-1`} onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide text' : 'Show text'}
      </button>
      {open ? (
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-xl bg-ink p-3 text-sm text-zinc-300 [overflow-wrap:anywhere]">
          {mail.text}
        </pre>
      ) : null}
    </li>
  )
}
