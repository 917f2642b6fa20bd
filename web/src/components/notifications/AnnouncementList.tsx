import type { AnnouncementSummary } from '@reelmates/contracts/notifications'
import { appLocale } from '../../lib/appLocale'

const inAppLabels = { read: 'Read', unread: 'Unread', no: '—' } as const
const emailLabels = {
  queued: 'Queued',
  outbox: 'In outbox',
  sent: 'Sent',
  failed: 'Failed',
  unsubscribed: 'Turned off',
  suspended: 'Suspended',
  erased: 'Erased with the account',
  no: '—',
} as const

function channelsOf({ channels }: AnnouncementSummary) {
  return [channels.inApp && 'in app', channels.push && 'push', channels.email && 'email'].filter(Boolean).join(', ')
}

/** The announcements sent, each with who received it: in the bell (read or not), on how many devices, by mail. */
export function AnnouncementList({ announcements }: { announcements: readonly AnnouncementSummary[] }) {
  if (announcements.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-white/10 bg-panel/60 px-6 py-10 text-center text-zinc-400">
        No announcements sent yet.
      </p>
    )
  }
  // One column no wider than the page: a card's wide table scrolls in its own frame, not the page.
  return (
    <ul className="grid grid-cols-1 gap-4" aria-label="Announcements sent">
      {announcements.map((announcement) => (
        <li key={announcement.id} className="min-w-0 rounded-2xl border border-white/5 bg-panel p-5">
          <h3 className="font-semibold text-white [overflow-wrap:anywhere]">{announcement.title}</h3>
          <p className="mt-1 whitespace-pre-line text-sm text-zinc-300 [overflow-wrap:anywhere]">{announcement.body}</p>
          <p className="mt-2 text-xs text-zinc-400">
            {new Date(announcement.publishedAt).toLocaleString(appLocale)} by {announcement.author} · to{' '}
            {announcement.audience === 'everyone' ? 'everyone' : 'chosen members'} · {channelsOf(announcement)}
          </p>
          <details className="mt-3">
            <summary className="cursor-pointer text-sm text-reel">
              Sent to {announcement.recipients.length} {announcement.recipients.length === 1 ? 'member' : 'members'}
            </summary>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs uppercase tracking-wide text-zinc-400">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Member</th>
                    <th className="py-2 pr-3 font-medium">In app</th>
                    <th className="py-2 pr-3 font-medium">Push devices</th>
                    <th className="py-2 font-medium">Email</th>
                  </tr>
                </thead>
                <tbody className="text-zinc-200">
                  {announcement.recipients.map((recipient) => (
                    <tr key={recipient.userId} className="border-t border-white/5">
                      {/* A long name may break anywhere, as names do elsewhere; labels keep whole words. */}
                      <td className="py-2 pr-3 [overflow-wrap:anywhere]">{recipient.username}</td>
                      <td className="py-2 pr-3">{inAppLabels[recipient.inApp]}</td>
                      <td className="py-2 pr-3">{recipient.pushDevices}</td>
                      <td className="py-2">{emailLabels[recipient.email]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </li>
      ))}
    </ul>
  )
}
