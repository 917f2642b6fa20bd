import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { TitleCardActions } from '../../components/library/TitleCardActions'
import { WatchedMark } from '../../components/library/WatchedMark'
import { createQueryClient } from '../../lib/queryClient'
import { LibraryMarksProvider } from './libraryMarks'
import { libraryKeys } from './libraryQueries'
import { libraryTitle, watchlistOf } from './testing'

afterEach(cleanup)

const watched: WatchedTitle = {
  tmdbId: 2,
  mediaType: 'movie',
  timesWatched: 1,
  lastWatchedAt: '2026-11-10T20:00:00.000Z',
  rating: 8,
}

/** A client that already holds my watchlist (1 and 3) and my watched titles (2, rated 8): no request is sent. */
function seededClient() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(libraryKeys.watchlist(), watchlistOf(1, 3))
  queryClient.setQueryData(libraryKeys.watchedTitles(), [watched])
  return queryClient
}

function Cards({ ids }: { ids: number[] }) {
  return ids.map((id) => (
    <div key={id} data-testid={`card-${id}`}>
      <WatchedMark title={libraryTitle(id)} />
      <TitleCardActions title={libraryTitle(id)} />
    </div>
  ))
}

const observers = (queryClient: ReturnType<typeof createQueryClient>, queryKey: readonly unknown[]) =>
  queryClient.getQueryCache().find({ queryKey })?.getObserversCount()

describe('the library marks of a row of title cards', () => {
  it('reach every card from one subscription to each list, not two per card', async () => {
    const queryClient = seededClient()
    render(
      <QueryClientProvider client={queryClient}>
        <LibraryMarksProvider>
          <Cards ids={[1, 2, 3, 4, 5, 6, 7, 8]} />
        </LibraryMarksProvider>
      </QueryClientProvider>,
    )
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove Film 1 from watchlist' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    )
    expect(screen.getByRole('button', { name: 'Remove Film 3 from watchlist' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Add Film 2 to watchlist' }).getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByTestId('card-2').textContent).toContain('★ 4')
    expect(screen.getAllByTestId('watched-mark')).toHaveLength(1)
    expect(observers(queryClient, libraryKeys.watchlist())).toBe(1)
    expect(observers(queryClient, libraryKeys.watchedTitles())).toBe(1)
  })

  it('are read by each card itself outside a row or grid', async () => {
    const queryClient = seededClient()
    render(
      <QueryClientProvider client={queryClient}>
        <Cards ids={[1, 2]} />
      </QueryClientProvider>,
    )
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove Film 1 from watchlist' }).disabled).toBe(
        false,
      ),
    )
    expect(screen.getByTestId('card-2').textContent).toContain('★ 4')
    expect(observers(queryClient, libraryKeys.watchlist())).toBe(2)
  })
})
