import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { SendStatus } from './campaignCalls'
import { sendHistoryQuery } from './queries'
import { appLocale } from '../../lib/appLocale'
import { AdminLoadFailed } from '../../components/admin/AdminLoadFailed'
import { useShownFailure } from '../../lib/shownFailure'
import { LoadingLine } from '../../components/shell/NotSavedOffline'

const statuses: { value: SendStatus | null; label: string }[] = [
  { value: null, label: 'All' },
  { value: 'sent', label: 'Sent' },
  { value: 'outbox', label: 'Kept in the outbox' },
  { value: 'failed', label: 'Failed' },
]

const statusText: Record<SendStatus, string> = { sent: 'Sent', outbox: 'In outbox', failed: 'Failed' }

/** Every mail sent or failed, newest first, with the reason of each failure. */
export function SendHistory() {
  const [status, setStatus] = useState<SendStatus | null>(null)
  const history = useInfiniteQuery(sendHistoryQuery(status))
  const failure = useShownFailure(history)
  const items = history.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <div className="space-y-3">
      <div role="group" aria-label="Status" className="flex flex-wrap gap-2">
        {statuses.map((one) => (
          <button
            key={one.label}
            type="button"
            aria-pressed={one.value === status}
            onClick={() => setStatus(one.value)}
            className={`rounded-full px-3 py-1.5 text-sm ${one.value === status ? 'bg-gold text-zinc-900' : 'border border-white/10 text-zinc-300'}`}
          >
            {one.label}
          </button>
        ))}
      </div>
      {failure ? (
        <AdminLoadFailed error={failure} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <LoadingLine what="the send history" doing="Loading…" />
      ) : null}
      {history.isSuccess && items.length === 0 ? <p className="text-zinc-400">No mail here yet.</p> : null}
      <ul aria-label="Send history" className="divide-y divide-white/5 rounded-2xl bg-panel">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1 p-3 text-sm md:grid-cols-[10rem_6rem_1fr]">
            <time dateTime={item.sentAt} className="text-zinc-400">
              {new Date(item.sentAt).toLocaleString(appLocale)}
            </time>
            <span className={item.status === 'failed' ? 'font-semibold text-red-300' : 'text-emerald-300'}>
              {statusText[item.status]}
            </span>
            <span className="min-w-0 text-white">
              {item.subject}
              <span className="block text-xs text-zinc-400">
                {item.category} · to {item.to}
              </span>
              {item.errorMessage ? <span className="block text-xs text-red-300">{item.errorMessage}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {history.hasNextPage ? (
        <button
          type="button"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          className="rounded-full border border-white/10 px-4 py-2 text-sm text-white"
        >
          Older mails
        </button>
      ) : null}
    </div>
  )
}
