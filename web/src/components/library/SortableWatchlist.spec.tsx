import { QueryClientProvider } from '@tanstack/react-query'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { heldServer } from '../../features/library/heldServer'
import { libraryKeys } from '../../features/library/libraryQueries'
import { watchlistOf } from '../../features/library/testing'
import { createQueryClient } from '../../lib/queryClient'
import { memoItemView, SortableWatchlist, WatchlistPlace, type WatchlistItemViewProps } from './SortableWatchlist'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** How many times each title's card was drawn, by title. */
let draws = new Map<string, number>()
beforeEach(() => {
  draws = new Map()
})

const CountedCard = memoItemView(function CountedCard({ item, reorder }: WatchlistItemViewProps) {
  draws.set(item.title, (draws.get(item.title) ?? 0) + 1)
  return (
    <article aria-label={item.title}>
      <span data-testid="place">
        <WatchlistPlace />
      </span>
      <button type="button" onClick={() => reorder.moveToTop?.(() => null)} disabled={!reorder.moveToTop}>
        To top
      </button>
      <button type="button" onClick={() => reorder.moveToBottom?.(() => null)} disabled={!reorder.moveToBottom}>
        To bottom
      </button>
    </article>
  )
})

/** The watchlist screen's list over a client that holds `items`; changes are held, as on a slow network. */
function renderWatchlist(items: WatchlistItem[]) {
  let server = items
  vi.stubGlobal('fetch', vi.fn(heldServer(() => server).fetch))
  const queryClient = createQueryClient()
  queryClient.setQueryData(libraryKeys.watchlist(), items)
  queryClient.setQueryData(libraryKeys.watchedTitles(), [])
  const Screen = () => {
    const shown = queryClient.getQueryData<WatchlistItem[]>(libraryKeys.watchlist()) ?? []
    return <SortableWatchlist items={shown} layout="list" reorderable className="" Item={CountedCard} />
  }
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Screen />
    </QueryClientProvider>,
  )
  const redraw = (next: WatchlistItem[]) => {
    server = next
    queryClient.setQueryData(libraryKeys.watchlist(), next)
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <Screen />
      </QueryClientProvider>,
    )
  }
  return { queryClient, redraw }
}

const shownTitles = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))
const cardOf = (title: string) => screen.getByRole('article', { name: title })

describe('a long watchlist draws again only what a change shows', () => {
  it('a move to the top renumbers every title it passes, but draws again only the cards whose moves changed', () => {
    const items = watchlistOf(...Array.from({ length: 60 }, (_, index) => index + 1))
    const { redraw } = renderWatchlist(items)
    draws.clear()
    // The list as the fold of the pending move shows it: every title it passes is a new object with a new order.
    const moved = [items[40] as WatchlistItem, ...items.filter((_, index) => index !== 40)].map((item, order) => ({
      ...item,
      order,
    }))
    act(() => redraw(moved))
    expect(shownTitles().slice(0, 3)).toEqual(['Film 41', 'Film 1', 'Film 2'])
    expect(within(cardOf('Film 1')).getByTestId('place').textContent).toBe('2')
    expect(within(cardOf('Film 40')).getByTestId('place').textContent).toBe('41')
    // The moved title (now first: no "to top"), the old first (now second) and second (now third:
    // "to top" appears), and the sixth, now seventh, whose poster no longer loads at once.
    expect([...draws.keys()].sort()).toEqual(['Film 1', 'Film 2', 'Film 41', 'Film 6'])
  })

  it('the server’s answer, equal titles in new objects, draws no card again; a new note draws its card alone', () => {
    const items = watchlistOf(...Array.from({ length: 60 }, (_, index) => index + 1))
    const { redraw } = renderWatchlist(items)
    draws.clear()
    act(() => redraw(structuredClone(items)))
    expect(draws.size).toBe(0)
    const noted = structuredClone(items).map((item) => (item.tmdbId === 7 ? { ...item, note: 'with Sam' } : item))
    act(() => redraw(noted))
    expect([...draws.keys()]).toEqual(['Film 7'])
  })
})

describe('a long watchlist is drawn a hundred titles at a time', () => {
  // jsdom draws a sortable list slowly: 150 titles, and time for a busy machine.
  it(
    'shows the first hundred, and the rest on "Show more", whose first title takes the focus',
    { timeout: 20_000 },
    () => {
      renderWatchlist(watchlistOf(...Array.from({ length: 150 }, (_, index) => index + 1)))
      expect(shownTitles()).toHaveLength(100)
      expect(screen.getByText('The first 100 of 150 are shown.')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }))
      expect(shownTitles()).toHaveLength(150)
      expect(document.activeElement).toBe(within(cardOf('Film 101')).getAllByRole('button')[0])
      expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull()
    },
  )

  it('draws more by itself when the end of what is shown comes near', () => {
    const observed: IntersectionObserverCallback[] = []
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed.push(callback)
        }
        observe() {}
        disconnect() {}
      },
    )
    renderWatchlist(watchlistOf(...Array.from({ length: 150 }, (_, index) => index + 1)))
    act(() => observed.at(-1)?.([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver))
    expect(shownTitles()).toHaveLength(150)
  })

  it(
    '"to bottom" takes a title to the true end of the whole list, and draws it there',
    { timeout: 20_000 },
    async () => {
      const { queryClient } = renderWatchlist(watchlistOf(...Array.from({ length: 150 }, (_, index) => index + 1)))
      fireEvent.click(within(cardOf('Film 3')).getByRole('button', { name: 'To bottom' }))
      // The list shown is the server's with the pending move folded in (the screen's useWatchlist does that).
      await waitFor(() => expect(queryClient.isMutating()).toBe(1))
      const pending = queryClient.getMutationCache().getAll()[0]?.state.variables as { toIndex: number }
      expect(pending.toIndex).toBe(149)
      expect(shownTitles()).toHaveLength(150)
    },
  )
})
