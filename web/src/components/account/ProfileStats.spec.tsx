import type { MyStatsAnswer } from '@reelmates/contracts/myStats'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { myStatsKey } from '../../features/account/profileCalls'
import { libraryKeys } from '../../features/library/libraryQueries'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { ProfileStats } from './ProfileStats'

const stats = (ratings: number[], favourites: MyStatsAnswer['favourites'] = []): MyStatsAnswer => ({
  year: 2026,
  watchedThisYear: 3,
  watchedTotal: 3,
  averageRating: ratings.length ? ratings.reduce((sum, r) => sum + r, 0) / ratings.length : null,
  ratedCount: ratings.length,
  ratingSpread: Array.from({ length: 10 }, (_, index) => ratings.filter((r) => r === index + 1).length),
  topGenres: [],
  topServices: [],
  favourites,
})

/** The numbers on a page of their own, with what `client` already holds. */
function renderStats(client: QueryClient) {
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={client}>
        <ProfileStats />
      </QueryClientProvider>,
    ),
  )
}

function show(answer: MyStatsAnswer) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(myStatsKey, answer)
  renderStats(client)
  return screen.getByRole('heading', { name: 'My highest rated' }).parentElement!
}

describe('my highest rated, on /profile', () => {
  afterEach(cleanup)

  it('asks a member who has rated nothing to rate what they watch', () => {
    expect(show(stats([])).textContent).toContain('Rate what you watch and your favourites will show here.')
  })

  it('tells a member whose ratings are all under three stars what it takes, not to rate', () => {
    const favourites = show(stats([2, 4]))
    expect(favourites.textContent).toContain('Titles you rate 3★ or more will show here.')
    expect(favourites.textContent).not.toContain('Rate what you watch')
  })

  it('lists the favourites it is given', () => {
    const heat = { tmdbId: 949, mediaType: 'movie', title: 'Heat', posterPath: null, rating: 8, watchedAt: '' } as const
    const favourites = show(stats([8], [heat]))
    expect(favourites.querySelectorAll('li')).toHaveLength(1)
    expect(favourites.textContent).toContain('Heat')
  })
})

describe('the numbers while they come', () => {
  afterEach(cleanup)

  /** The placeholder, with the stats not yet answered (their request never ends here). */
  function placeholder(watchedTitles?: unknown[]) {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, queryFn: () => new Promise(() => {}) } },
    })
    if (watchedTitles) client.setQueryData(libraryKeys.watchedTitles(), watchedTitles)
    renderStats(client)
    return screen.getByLabelText('Loading your numbers')
  }

  it('holds one short tile for a member this visit knows has logged no watch, the shape of what comes', () => {
    const shown = placeholder([])
    expect(shown.children).toHaveLength(4)
    expect(shown.className).not.toMatch(/grid/)
  })

  it('holds the full set of tiles otherwise', () => {
    expect(placeholder().className).toMatch(/grid/)
    cleanup()
    expect(placeholder([{ tmdbId: 1, mediaType: 'movie' }]).className).toMatch(/grid/)
  })
})
