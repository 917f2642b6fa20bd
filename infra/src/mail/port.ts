/** An email to send. `to` is the recipient's address; `userId`, when known, lets erasure find it. */
export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  userId?: string
  /** What kind of mail this is, e.g. 'password-reset', 'magic-link', 'campaign'. */
  category: string
  /**
   * The one send this message is (e.g. `<mail>:<event id>`): a second send with the same key sends
   * nothing and answers the first entry, so a reaction repeated after a crash mails once.
   */
  idempotencyKey?: string
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>
  /**
   * The event the mail follows from, for the log's record of the send (`MailSent`), so the event
   * history leads from a sign-up to its welcome mail. Neither mailed nor kept in the outbox.
   */
  cause?: { correlationId: string; causationId: string }
}

export interface OutboxEntry extends MailMessage {
  id: string
  createdAt: string
  /** 'outbox' when kept in the app (no SMTP configured), 'sent' or 'failed' when SMTP was used. */
  status: 'outbox' | 'sent' | 'failed'
  error?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<OutboxEntry>
  /** The entry sent with this idempotency key, if any. */
  sentWithKey(idempotencyKey: string): Promise<OutboxEntry | null>
  /** The entry with this id (a `MailSent`'s or `MailFailed`'s `mailId`), while the outbox keeps it. */
  byId(id: string): Promise<OutboxEntry | null>
  /** Newest first; `to` one address exactly, `toContaining` every address with that text in it (any case). */
  list(options?: { limit?: number; to?: string; toContaining?: string }): Promise<OutboxEntry[]>
  /**
   * The send history (spec §3 `email_send_history`): every send, newest first, a page at a time;
   * `next` is the `before` of the page after.
   */
  history(options: SendHistoryOptions): Promise<{ items: OutboxEntry[]; next: number | null }>
  /** Erases every message to or about a user (account deletion). */
  eraseUser(userId: string, email?: string): Promise<void>
  close(): Promise<void>
}

export interface SendHistoryOptions {
  status?: OutboxEntry['status']
  category?: string
  limit: number
  /** Only entries older than this place in the history (the `next` of the page before). */
  before?: number
}

/**
 * Where the mailer keeps what it sent (the outbox): a SQLite file in the embedded column, MongoDB in
 * the distributed one, so every scheduler and gateway of the column reads one outbox. Limits arrive
 * bounded (the mailer bounds them); addresses are compared by `recipientKey`.
 */
export interface OutboxStore {
  /**
   * Keeps the entry unless an entry with its idempotency key is kept already (a unique index decides,
   * so of two at once exactly one is kept). Answers the entry kept under the key, the first one's when
   * the key was taken, or, without a key, the entry as given.
   */
  keep(entry: OutboxEntry): Promise<OutboxEntry>
  byKey(idempotencyKey: string): Promise<OutboxEntry | null>
  byId(id: string): Promise<OutboxEntry | null>
  /** Newest first; `to` one address after `recipientKey`; `toContaining` a plain substring of it (no wildcards). */
  list(options: { limit: number; to?: string; toContaining?: string }): Promise<OutboxEntry[]>
  /** Newest first by the outbox's sequence (larger for each entry kept after another); `next` pages on. */
  history(options: SendHistoryOptions): Promise<{ items: OutboxEntry[]; next: number | null }>
  /** Deletes every entry about the user, and with `email` every entry to that address. */
  eraseUser(userId: string, email?: string): Promise<void>
  close(): Promise<void>
}

/** Addresses compare case-insensitively and trimmed, as mail systems treat them in practice. */
export const recipientKey = (address: string): string => address.trim().toLowerCase()
