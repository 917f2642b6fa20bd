import type {
  FriendRequest,
  FriendRequestAnswer,
  FriendsAnswer,
  InvitationLinkAnswer,
  UserSearchAnswer,
} from '@reelmates/contracts/friendships'
import type { MediaRef } from '@reelmates/contracts/media'
import type { MediaFriendsAnswer, PublicProfileAnswer, PublicWatchesAnswer } from '@reelmates/contracts/profiles'
import { requests } from '../../lib/api'

/** Every change answers with the event log position it produced (read-your-writes). */
interface ChangeAnswer {
  position?: string
}

const friendshipPath = (id: string) => `/api/friendships/${encodeURIComponent(id)}`

/** The friendship calls of the API (issue 10), through the app's one request client. */
export const friendsCalls = {
  profile: (username: string) => requests.get<PublicProfileAnswer>(`/api/users/${encodeURIComponent(username)}`),
  /** A member's public watches after `cursor` (the profile's `recentNextCursor`, then each page's). */
  watches: (username: string, cursor: string) =>
    requests.get<PublicWatchesAnswer>(
      `/api/users/${encodeURIComponent(username)}/watched?cursor=${encodeURIComponent(cursor)}`,
    ),
  mediaFriends: (ref: MediaRef) =>
    requests.get<MediaFriendsAnswer>(`/api/media/${ref.mediaType}/${ref.tmdbId}/friends`),
  list: () => requests.get<FriendsAnswer>('/api/friendships'),
  searchUsers: (text: string) => requests.get<UserSearchAnswer>(`/api/users/search?q=${encodeURIComponent(text)}`),
  ask: (request: FriendRequest) => requests.send<FriendRequestAnswer>('POST', '/api/friendships', request),
  accept: (id: string) => requests.send<ChangeAnswer>('POST', `${friendshipPath(id)}/accept`),
  decline: (id: string) => requests.send<ChangeAnswer>('POST', `${friendshipPath(id)}/decline`),
  /** Cancels my request or ends a friendship: the server tells which from the friendship's state. */
  remove: (id: string) => requests.send<ChangeAnswer>('DELETE', friendshipPath(id)),
  /** Who sent the invitation link with this token (asked before signing in or up), or its refusal. */
  invitationLink: (token: string) =>
    requests.get<InvitationLinkAnswer>(`/api/invitations/link?token=${encodeURIComponent(token)}`),
  /** Takes back an invitation I mailed (and the friend request it made, when it went to a member). */
  cancelInvitation: (id: string) =>
    requests.send<ChangeAnswer>('DELETE', `/api/friendships/invitations/${encodeURIComponent(id)}`),
}
