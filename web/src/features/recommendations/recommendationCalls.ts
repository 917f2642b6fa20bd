import type {
  RecommendAnswer,
  RecommendRequest,
  RecommendationAnswer,
  RecommendationsAnswer,
} from '@reelmates/contracts/recommendations'
import { requests } from '../../lib/api'

export type Box = 'received' | 'sent'
export type Answer = 'accept' | 'dismiss' | 'restore'

/** The recommendation calls of the API (issue 12), through the app's one request client. */
export const recommendationCalls = {
  list: (box: Box) => requests.get<RecommendationsAnswer>(`/api/recommendations?box=${box}`).then((a) => a.items),
  send: (request: RecommendRequest) => requests.send<RecommendAnswer>('POST', '/api/recommendations', request),
  answer: (id: string, answer: Answer) =>
    requests.send<RecommendationAnswer>('POST', `/api/recommendations/${encodeURIComponent(id)}/${answer}`),
}
