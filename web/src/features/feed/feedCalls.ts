import type { ActivityAnswer, CommentItem, FeedAnswer, ReactionEmoji } from '@reelmates/contracts/feed'
import { requests } from '../../lib/api'

/** Every change answers with the event log position it produced (read-your-writes). */
export interface ChangeAnswer {
  position?: string
}

const enc = encodeURIComponent
const activityPath = (id: string) => `/api/activities/${enc(id)}`
const commentPath = (id: string) => `/api/comments/${enc(id)}`

/** What a reaction is on: the activity, or one of its comments. */
export interface ReactionTarget {
  activityId: string
  commentId: string | null
}

/** The feed calls of the API (issue 11), through the app's one request client. */
export const feedCalls = {
  page: (cursor: string | null) =>
    requests.get<FeedAnswer>(`/api/feed?limit=20${cursor === null ? '' : `&cursor=${enc(cursor)}`}`),
  unread: () => requests.get<{ count: number }>('/api/feed/unread'),
  // Sent as the feed opens; it must arrive even if the person reloads or leaves at once.
  visit: () => requests.send<ChangeAnswer>('POST', '/api/feed/visits', undefined, { keepalive: true }),
  activity: (id: string) => requests.get<ActivityAnswer>(activityPath(id)),
  addComment: (activityId: string, content: string) =>
    requests.send<CommentItem & ChangeAnswer>('POST', `${activityPath(activityId)}/comments`, { content }),
  editComment: (commentId: string, content: string) =>
    requests.send<CommentItem & ChangeAnswer>('PATCH', commentPath(commentId), { content }),
  deleteComment: (commentId: string) => requests.send<ChangeAnswer>('DELETE', commentPath(commentId)),
  react: ({ activityId, commentId }: ReactionTarget, emoji: ReactionEmoji, on: boolean) =>
    requests.send<ChangeAnswer>(
      on ? 'PUT' : 'DELETE',
      `${commentId === null ? activityPath(activityId) : commentPath(commentId)}/reactions/${enc(emoji)}`,
    ),
}
