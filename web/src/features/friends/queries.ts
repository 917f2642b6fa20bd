import type { MediaRef } from '@reelmates/contracts/media'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { friendsCalls } from './friendsCalls'

/**
 * Everything that shows a friendship lives under `friends`, so one invalidation after a change
 * refreshes the list, profiles and title pages alike (each refetch carries X-Min-Position).
 */
export const friendsKeys = {
  all: ['friends'] as const,
  list: () => ['friends', 'list'] as const,
  search: (text: string) => ['friends', 'search', text] as const,
  profile: (username: string) => ['friends', 'profile', username] as const,
  media: (ref: MediaRef) => ['friends', 'media', ref.mediaType, ref.tmdbId] as const,
}

export const friendsListQuery = () => queryOptions({ queryKey: friendsKeys.list(), queryFn: friendsCalls.list })

/**
 * How often /friends asks again while it is open: the other side accepts, declines or asks meanwhile
 * (a request that was declined stayed under "Waiting for an answer" until a reload).
 */
export const friendsRefetchMs = 10_000

export const userSearchQuery = (text: string) =>
  queryOptions({
    queryKey: friendsKeys.search(text),
    queryFn: () => friendsCalls.searchUsers(text),
    enabled: text.length > 0,
    // Each person found carries where we stand ("Requested", "Add friend"), which the other side
    // changes: a search typed again shows what it found before and asks again at once.
    staleTime: 0,
  })

export const publicProfileQuery = (username: string) =>
  queryOptions({ queryKey: friendsKeys.profile(username), queryFn: () => friendsCalls.profile(username) })

/**
 * The rest of a member's public watches, a page at a time, from where their profile's recent ones
 * end (`from`, its `recentNextCursor`). Under the profile's key, so what refreshes a profile
 * refreshes these too.
 */
export const publicWatchesQuery = (username: string, from: string) =>
  infiniteQueryOptions({
    queryKey: [...friendsKeys.profile(username), 'watched', from] as const,
    queryFn: ({ pageParam }) => friendsCalls.watches(username, pageParam),
    initialPageParam: from,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })

export const mediaFriendsQuery = (ref: MediaRef) =>
  queryOptions({ queryKey: friendsKeys.media(ref), queryFn: () => friendsCalls.mediaFriends(ref) })
