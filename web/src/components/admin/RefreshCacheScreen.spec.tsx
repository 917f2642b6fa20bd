import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminCalls } from '../../features/admin/adminCalls'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { RefreshCacheScreen } from './RefreshCacheScreen'

afterEach(() => vi.restoreAllMocks())

function renderScreen() {
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <RefreshCacheScreen />
      </QueryClientProvider>,
    ),
  )
}

describe('/admin/refresh-api-cache', () => {
  it('on the offline catalog, says there is nothing to clear and offers no button that would clear nothing', async () => {
    vi.spyOn(adminCalls, 'catalogStatus').mockResolvedValue({ source: 'offline', description: 'About 3,500 titles.' })
    renderScreen()
    expect(await screen.findByText(/keeps no cache, so there is nothing to clear/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Clear the catalog cache' })).toBeNull()
  })

  it('on TMDB, clears the cache and lists what each clearing said', async () => {
    vi.spyOn(adminCalls, 'catalogStatus').mockResolvedValue({ source: 'tmdb', description: 'Live TMDB data.' })
    const cleared = vi
      .spyOn(adminCalls, 'refreshCatalogCache')
      .mockResolvedValue({ message: 'Catalog cache cleared (12 entries).', cleared: 12 })
    renderScreen()
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Clear the catalog cache' })))
    expect(cleared).toHaveBeenCalledTimes(1)
    expect(
      within(screen.getByRole('region', { name: 'Cleared' })).getByText('Catalog cache cleared (12 entries).'),
    ).toBeTruthy()
  })
})
