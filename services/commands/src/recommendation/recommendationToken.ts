import { hashToken, newSecret, secretPattern } from '../tokenHash'

/**
 * A newcomer's sign-up link token: `r-<fromUserId>_<recommendationId>.<secret>`. The ids say which
 * sender's stream and which recommendation to check, so sign-up checks the stream itself, never a
 * read model that may lag; the `r-` keeps it apart from invitation (`i-`) and sign-in link tokens.
 * Only the SHA-256 of the secret is stored.
 */
export interface RecommendationToken {
  token: string
  fromUserId: string
  recommendationId: string
  tokenHash: string
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const prefix = 'r-'

export function newRecommendationToken(fromUserId: string, recommendationId: string): RecommendationToken {
  const secret = newSecret()
  return {
    token: `${prefix}${fromUserId}_${recommendationId}.${secret}`,
    fromUserId,
    recommendationId,
    tokenHash: hashToken(secret),
  }
}

/** The token's parts, or null when it cannot be a recommendation token. */
export function readRecommendationToken(token: string): RecommendationToken | null {
  const trimmed = token.trim()
  if (!trimmed.startsWith(prefix)) return null
  const [ids, secret, ...rest] = trimmed.slice(prefix.length).split('.')
  const [fromUserId, recommendationId, ...more] = (ids ?? '').split('_')
  if (!fromUserId || !recommendationId || !secret || rest.length > 0 || more.length > 0) return null
  if (!uuid.test(fromUserId) || !uuid.test(recommendationId) || !secretPattern.test(secret)) return null
  return {
    token: trimmed,
    fromUserId: fromUserId.toLowerCase(),
    recommendationId: recommendationId.toLowerCase(),
    tokenHash: hashToken(secret),
  }
}
