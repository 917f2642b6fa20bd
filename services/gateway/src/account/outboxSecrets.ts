import type { OutboxEntry } from '@reelmates/infra/mail/port'

/** A link's secret: `token=` in a query, or the reset link's last path segment. */
const secrets = [/([?&](?:amp;)?token=)[^&\s"'<>]+/g, /(\/reset-password\/)[^?#\s"'<>]+/g]
export const hiddenSecret = '[hidden]'

const redact = (text: string) => secrets.reduce((done, pattern) => done.replace(pattern, `$1${hiddenSecret}`), text)

/**
 * A mail as an admin may read it. Mail handed to an SMTP server went to its member's mailbox: its
 * links sign in, reset a password or accept an invitation as that member, so an admin sees them
 * without their secrets. Mail kept in the outbox (no SMTP server: a machine of one's own) reached no
 * mailbox, and the outbox is where its links are read, so it is shown whole.
 */
export function asAdminSeesIt(entry: OutboxEntry): OutboxEntry {
  if (entry.status === 'outbox') return entry
  const headers = entry.headers
    ? Object.fromEntries(Object.entries(entry.headers).map(([name, value]) => [name, redact(value)]))
    : undefined
  return {
    ...entry,
    text: redact(entry.text),
    ...(entry.html === undefined ? {} : { html: redact(entry.html) }),
    ...(headers ? { headers } : {}),
  }
}
