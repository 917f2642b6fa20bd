import { hashToken, newSecret, secretPattern } from '../tokenHash'

/**
 * An invitation link's token: `i-<invitationId>.<secret>`. The id says which invitation stream to
 * check (so the check is made on the stream itself, never on a read model that may lag); the `i-`
 * keeps it apart from sign-in link tokens (`<userId>.<secret>`), which the same screens receive.
 */
export interface InvitationToken {
  token: string
  invitationId: string
  tokenHash: string
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const prefix = 'i-'

export function newInvitationToken(invitationId: string): InvitationToken {
  const secret = newSecret()
  return { token: `${prefix}${invitationId}.${secret}`, invitationId, tokenHash: hashToken(secret) }
}

/** The token's parts, or null when it cannot be an invitation token. */
export function readInvitationToken(token: string): InvitationToken | null {
  const trimmed = token.trim()
  if (!trimmed.startsWith(prefix)) return null
  const [invitationId, secret, ...rest] = trimmed.slice(prefix.length).split('.')
  if (!invitationId || !secret || rest.length > 0 || !uuid.test(invitationId) || !secretPattern.test(secret))
    return null
  return { token: trimmed, invitationId: invitationId.toLowerCase(), tokenHash: hashToken(secret) }
}
