import { useQuery } from '@tanstack/react-query'
import { friendsListQuery } from '../friends/queries'
import { useWatchedTitles, useWatchlist } from '../library/useLibrary'
import type { OnboardingProgress } from './onboardingSteps'

/**
 * The member's counts, from the lists home already keeps: the watchlist and the watched titles (with
 * the changes still on their way folded in, so a check appears the moment a title is added or logged;
 * the library's changes refetch them once answered) and the friends list (every friendship change
 * refreshes it). Undefined until all three have answered, so no step is shown undone by mistake.
 */
export function useOnboardingProgress(): OnboardingProgress | undefined {
  const { items: watchlist } = useWatchlist()
  const watched = useWatchedTitles()
  const { data: friends } = useQuery(friendsListQuery())
  if (!watchlist || !watched || !friends) return undefined
  return {
    watchlist: watchlist.length,
    watched: watched.size,
    friends: friends.friends.length,
    friendsAsked: friends.outgoing.length + friends.invitations.length,
    friendsAsking: friends.incoming.length,
  }
}
