import type {
  RecommendAnswer,
  RecommendRequest,
  RecommendationAnswer,
  RecommendationLinkAnswer,
  RecommendationsAnswer,
} from '@reelmates/contracts/recommendations'
import { requests } from '../../lib/api'

export type Box = 'received' | 'sent'
export type Answer = 'accept' | 'dismiss' | 'restore'

/** The recommendation calls of the API (issue 12), through the app's one request client. */
export const recommendationCalls = {
  list: (box: Box) => requests.get<RecommendationsAnswer>(`/api/recommendations?box=${box}`).then((a) => a.items),
  // `keyed`: the idempotency key of the action, sent with every try of it (lib/waitingChanges).
  send: (request: RecommendRequest, keyed: { idempotencyKey?: string } = {}) =>
    requests.send<RecommendAnswer>('POST', '/api/recommendations', request, keyed),
  /** Who recommended what through a sign-up link (asked before signing up), or its refusal. */
  link: (token: string) =>
    requests.get<RecommendationLinkAnswer>(`/api/recommendations/link?token=${encodeURIComponent(token)}`),
  /** Takes a mail link's recommendation into the signed-in member's inbox (theirs already: answered alike). */
  claim: (token: string) => requests.send<RecommendationAnswer>('POST', '/api/recommendations/claim', { token }),
  answer: (id: string, answer: Answer, keyed: { idempotencyKey?: string } = {}) =>
    requests.send<RecommendationAnswer>(
      'POST',
      `/api/recommendations/${encodeURIComponent(id)}/${answer}`,
      undefined,
      keyed,
    ),
}
