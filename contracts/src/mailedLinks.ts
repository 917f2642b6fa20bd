import { z } from 'zod'

/**
 * What a mailed link's preview (a recommendation's, a friend invitation's) tells the member signed in
 * who opens it, so the app can ask before taking it when the mail went to someone else's address (a
 * forwarded mail, a family computer). Only a signed-in opener is told: the address stays masked, since
 * whoever holds a link may not own the mailbox it was sent to.
 */
export const linkOpener = z.object({
  /**
   * `sender`: they sent it (nothing to take); `addressee`: it was mailed to their own address, or is
   * theirs already; `other`: any other member, who is asked first.
   */
  is: z.enum(['sender', 'addressee', 'other']),
  /** The address it was mailed to, masked (`maskedAddress`); null once the sender's data was erased. */
  sentTo: z.string().nullable(),
  /** The link can still bring what it carries (not used, expired or cancelled). */
  open: z.boolean(),
  /**
   * They and its sender are friends already (false for the sender): accepting an invitation would be
   * refused, and a recommendation's friend request would not be made, so the app must not promise either.
   */
  friends: z.boolean(),
})
export type LinkOpener = z.infer<typeof linkOpener>

/**
 * An address as a link's opener may see it: its first letter and its domain ("e•••@example.com"), enough
 * for its owner to know it, too little for anyone else to write to it.
 */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@')
  if (at < 0) return '•••'
  const [first = ''] = address.slice(0, at)
  return `${first}•••${address.slice(at)}`
}

/** Addresses compared as they are kept (lower-cased, trimmed). */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined): boolean =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase())
