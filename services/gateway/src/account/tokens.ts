import { hashToken, newSecret, secretPattern } from '@reelmates/commands/tokenHash'

export { hashToken }

/**
 * A single-use link token: `<userId>.<secret>`. The user id says which account stream to check, so
 * the check is made on the account itself (never on a read model that may lag); the secret is 256
 * random bits of which only the SHA-256 is ever stored.
 */
export interface LinkToken {
  token: string
  userId: string
  tokenHash: string
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function newLinkToken(userId: string): LinkToken {
  const secret = newSecret()
  return { token: `${userId}.${secret}`, userId, tokenHash: hashToken(secret) }
}

/** The token's parts, or null when it cannot be one of ours (so it is refused without a look-up). */
export function readLinkToken(token: string): LinkToken | null {
  const [userId, secret, ...rest] = token.trim().split('.')
  if (!userId || !secret || rest.length > 0 || !uuid.test(userId) || !secretPattern.test(secret)) return null
  return { token, userId: userId.toLowerCase(), tokenHash: hashToken(secret) }
}

/**
 * Where a sign-in may send the browser: a path on this site only. `//evil.example` and `/\evil`
 * are protocol-relative addresses browsers follow off-site, so they are refused like full URLs.
 */
export function sameSitePath(target: string | null | undefined): string | null {
  if (!target) return null
  const trimmed = target.trim()
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return null
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not pass
  if (/[\u0000-\u001f\u007f]/.test(trimmed)) return null
  try {
    const resolved = new URL(trimmed, 'http://reelmates.invalid')
    if (resolved.origin !== 'http://reelmates.invalid') return null
    return `${resolved.pathname}${resolved.search}${resolved.hash}`
  } catch {
    return null
  }
}
