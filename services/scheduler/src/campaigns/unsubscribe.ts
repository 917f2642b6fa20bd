import { createHmac, timingSafeEqual } from 'node:crypto'

/** The mailing lists a member can leave with one click; each maps to one email preference. */
export type MailingList = 'campaigns' | 'digests'

const PURPOSE = 'unsubscribe'

/** The signing key for unsubscribe links, derived from a process secret so it needs no set-up of its own. */
export const unsubscribeSecretFrom = (processSecret: string): string =>
  createHmac('sha256', processSecret).update('reelmates unsubscribe links').digest('hex')

const signatureOf = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${payload}`).digest('base64url')

/**
 * A token good for one thing: taking one member off one list. It is signed, not stored, so it works
 * without signing in and from any device, and it never expires (mail sits in inboxes for years); it
 * names the member only inside a signature, so it cannot be forged for someone else.
 */
export function unsubscribeToken(userId: string, list: MailingList, secret: string): string {
  const payload = Buffer.from(JSON.stringify({ u: userId, l: list })).toString('base64url')
  return `${payload}.${signatureOf(payload, secret)}`
}

/** The member and list a token was made for, or null when it was not made with this secret. */
export function readUnsubscribeToken(token: string, secret: string): { userId: string; list: MailingList } | null {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0) return null
  const expected = Buffer.from(signatureOf(payload, secret))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const { u, l } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; l?: unknown }
    if (typeof u !== 'string' || (l !== 'campaigns' && l !== 'digests')) return null
    return { userId: u, list: l }
  } catch {
    return null
  }
}

/**
 * What a list mail carries to let its reader leave the list: the `/unsubscribed` page for the link in
 * the body, and the RFC 8058 headers with which a mail client unsubscribes in one click (a POST to
 * `/api/unsubscribe` with `List-Unsubscribe=One-Click`, no cookie and no page).
 */
export function unsubscribeFor(
  userId: string,
  list: MailingList,
  { publicUrl, secret }: { publicUrl: string; secret: string },
): { link: string; headers: Record<string, string> } {
  const token = encodeURIComponent(unsubscribeToken(userId, list, secret))
  return {
    link: `${publicUrl}/unsubscribed?token=${token}`,
    headers: {
      'List-Unsubscribe': `<${publicUrl}/api/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
