import type { PublicUser } from '@reelmates/contracts/account'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { onlineManager, QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { libraryKeys } from '../../features/library/libraryQueries'
import { libraryRequests } from '../../features/library/libraryRequests'
import { watchlistSearch } from '../../features/library/librarySearch'
import { watchlistOf } from '../../features/library/testing'
import { readKeptAnswers, restoreKeptAnswers, writeKeptAnswers } from '../../features/offline/keptAnswers'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { WatchlistScreen } from './WatchlistScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}))

// The fresh watchlist is sent for and, unless a spec answers it, never comes.
neverAnsweringServer({ browserTab: true })
afterEach(() => onlineManager.setOnline(true))

const member = { id: 'u1', username: 'ada' } as PublicUser
const minute = 60_000

/** A reload whose device kept `watchlist` from a visit a minute ago. */
function reloadedWith(watchlist: WatchlistItem[]): QueryClient {
  const values = new Map<string, string>()
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  }
  const before = createQueryClient()
  before.setQueryData(libraryKeys.watchlist(), watchlist, { updatedAt: Date.now() - minute })
  writeKeptAnswers(storage, before, member, 'v1', Date.now() - minute)
  const kept = readKeptAnswers(storage, 'v1')
  if (!kept) throw new Error('the answers should have been kept')
  const client = createQueryClient()
  restoreKeptAnswers(client, kept)
  return client
}

function showWatchlist(client: QueryClient) {
  render(
    <QueryClientProvider client={client}>
      <WatchlistScreen search={watchlistSearch.parse({})} onSearch={() => undefined} />
    </QueryClientProvider>,
  )
}

const emptyState = () => screen.queryByRole('heading', { name: 'Your watchlist is empty' })

describe('the watchlist, from answers kept on the device', () => {
  it('does not say it is empty from a kept answer while the fresh one is on its way', () => {
    showWatchlist(reloadedWith([]))
    expect(emptyState()).toBeNull()
    expect(screen.getByRole('heading', { name: 'Watchlist' })).toBeTruthy()
  })

  it('says it is empty once the fresh answer says so', async () => {
    vi.spyOn(libraryRequests, 'get').mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 500 })
    showWatchlist(reloadedWith([]))
    expect(await screen.findByRole('heading', { name: 'Your watchlist is empty' })).toBeTruthy()
  })

  it('shows the kept titles at once, fresh answer or not', () => {
    showWatchlist(reloadedWith(watchlistOf(1, 2)))
    expect(screen.getAllByText('Film 1').length).toBeGreaterThan(0)
  })

  it('says it is empty from the kept answer offline, where that is all there is', () => {
    onlineManager.setOnline(false)
    showWatchlist(reloadedWith([]))
    expect(emptyState()).toBeTruthy()
  })
})
