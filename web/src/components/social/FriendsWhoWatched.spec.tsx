import type { MediaFriendsAnswer } from '@reelmates/contracts/profiles'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { friendsKeys } from '../../features/friends/queries'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { FriendsWhoWatched } from './FriendsWhoWatched'

neverAnsweringServer({ browserTab: true })

const heat = { mediaType: 'movie', tmdbId: 949 } as const
const friend = (username: string, rating: number): MediaFriendsAnswer['watched'][number] => ({
  user: { id: `u-${username}`, username, avatarUrl: null },
  watchedAt: '2026-11-20T20:00:00.000Z',
  watchedOn: '2026-11-20',
  rating,
  recommend: null,
  reviewExcerpt: null,
  containsSpoilers: false,
})

function showFriends(answer: MediaFriendsAnswer) {
  const queryClient = createQueryClient()
  queryClient.setQueryData(friendsKeys.media(heat), answer)
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={queryClient}>
        <FriendsWhoWatched title={heat} />
      </QueryClientProvider>,
    ),
  )
}

describe("a title's friends", () => {
  it('write their average once, on screen and on paper: the stars do not add a second number', () => {
    showFriends({
      watched: [friend('ann', 7), friend('bob', 8)],
      averageRating: 7.5,
      watchlist: { count: 0, users: [] },
    })
    const average = screen.getByText("Friends' average").parentElement
    // The print-only number beside a rating's stars is in the page's text whatever the medium.
    expect(average?.textContent).toBe("Friends' average3.8 stars")
  })
})
