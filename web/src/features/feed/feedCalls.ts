import type {
  ActivityAnswer,
  CommentItem,
  FeedAnswer,
  FeedIdsAnswer,
  MyCommentsAnswer,
  ReactionEmoji,
} from '@reelmates/contracts/feed'
import { requests } from '../../lib/api'

/** Every change answers with the event log position it produced (read-your-writes). */
export interface ChangeAnswer {
  position?: string
}

const enc = encodeURIComponent
const activityPath = (id: string) => `/api/activities/${enc(id)}`
const commentPath = (id: string) => `/api/comments/${enc(id)}`

/** The idempotency key of the action a change belongs to, sent with every try of it (lib/waitingChanges). */
type Keyed = { idempotencyKey?: string }

/** What a reaction is on: the activity, or one of its comments. */
export interface ReactionTarget {
  activityId: string
  commentId: string | null
}

/** The feed calls of the API (issue 11), through the app's one request client. */
export const feedCalls = {
  page: (cursor: string | null) =>
    requests.get<FeedAnswer>(`/api/feed?limit=20${cursor === null ? '' : `&cursor=${enc(cursor)}`}`),
  /** The ids of my feed now, down to `to` (a keyset cursor): what a long list holds and this lacks has gone. */
  ids: (to: string) => requests.get<FeedIdsAnswer>(`/api/feed/ids?to=${enc(to)}`),
  unread: () => requests.get<{ count: number }>('/api/feed/unread'),
  // Sent as the feed opens; it must arrive even if the person reloads or leaves at once.
  visit: () => requests.send<ChangeAnswer>('POST', '/api/feed/visits', undefined, { keepalive: true }),
  activity: (id: string) => requests.get<ActivityAnswer>(activityPath(id)),
  /** My own comments, wherever they are (one on an activity I no longer see included). */
  myComments: (cursor: string | null) =>
    requests.get<MyCommentsAnswer>(`/api/user/comments?limit=20${cursor === null ? '' : `&cursor=${enc(cursor)}`}`),
  addComment: (activityId: string, content: string, keyed: Keyed = {}) =>
    requests.send<CommentItem & ChangeAnswer>('POST', `${activityPath(activityId)}/comments`, { content }, keyed),
  editComment: (commentId: string, content: string, keyed: Keyed = {}) =>
    requests.send<CommentItem & ChangeAnswer>('PATCH', commentPath(commentId), { content }, keyed),
  deleteComment: (commentId: string, keyed: Keyed = {}) =>
    requests.send<ChangeAnswer>('DELETE', commentPath(commentId), undefined, keyed),
  react: ({ activityId, commentId }: ReactionTarget, emoji: ReactionEmoji, on: boolean, keyed: Keyed = {}) =>
    requests.send<ChangeAnswer>(
      on ? 'PUT' : 'DELETE',
      `${commentId === null ? activityPath(activityId) : commentPath(commentId)}/reactions/${enc(emoji)}`,
      undefined,
      keyed,
    ),
}
