import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetRequestClient } from '../../lib/api'
import { serverAnswered } from '../../lib/connection'
import { createQueryClient } from '../../lib/queryClient'
import { removeToast, useToasts } from '../../lib/toast'
import { heldServer } from '../../features/library/heldServer'
import { watchedItem, watchlistItem } from '../../features/library/testing'
import { useRemoveFromWatchlistWithUndo, useRemoveWatchedWithUndo } from './removeWithUndo'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetRequestClient()
  onlineManager.setOnline(true)
  act(() => removeToast())
})

/** The app's removals with Undo, on its query and request clients, against a server the spec answers. */
function setup() {
  const held = heldServer(() => [])
  vi.stubGlobal('fetch', vi.fn(held.fetch))
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const screen = renderHook(
    () => ({
      toasts: useToasts(),
      removeWatched: useRemoveWatchedWithUndo(),
      remove: useRemoveFromWatchlistWithUndo(),
    }),
    { wrapper },
  )
  return { held, screen }
}

// A bad connection: the removal reached the server, its answer was cut off, and so was the app's
// resend of it. The removal waits on the device, to be sent again (the same key) once the server answers.
describe('a removal whose answer was lost', () => {
  const cases = [
    {
      what: 'a diary entry',
      remove: (screen: ReturnType<typeof setup>['screen']) =>
        screen.result.current.removeWatched(watchedItem('e1', 5, { title: 'Casablanca' })),
      removal: 'DELETE /api/watched/e1',
      restore: 'POST /api/watched/e1/restore',
    },
    {
      what: 'a watchlist title',
      remove: (screen: ReturnType<typeof setup>['screen']) =>
        screen.result.current.remove({ ...watchlistItem(5, 0), title: 'Psycho' }),
      removal: 'DELETE /api/watchlist/movie/5',
      restore: 'POST /api/watchlist/movie/5/restore',
    },
  ]

  it.each(cases)('still offers the Undo for $what, and its put-back goes out after the removal', async (removing) => {
    const { held, screen } = setup()
    act(() => removing.remove(screen))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    act(() => held.change(0).drop())
    await waitFor(() => expect(held.changes).toHaveLength(2))
    act(() => held.change(1).drop())
    // The toast on screen is the removal's, saying it waits here, with its Undo: not "Can't reach
    // Reelmates right now", which took its place (one toast at a time) and left no way back.
    await waitFor(() => expect(onlineManager.isOnline()).toBe(false))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    const [shown] = screen.result.current.toasts
    expect(shown?.title).toMatch(/^Removed /)
    expect(shown?.description).toBe('Saved on this device: it will be sent as soon as Reelmates can be reached.')
    expect(shown?.action?.label).toBe('Undo')
    act(() => shown?.action?.onClick())
    // The server answers again (as to the app's probe): the removal goes first, under its key, then the put-back.
    act(() => serverAnswered())
    await waitFor(() => expect(held.changes).toHaveLength(3), { timeout: 5000 })
    expect(held.sent()[2]).toBe(removing.removal)
    expect(held.change(2).idempotencyKey).toBe(held.change(0).idempotencyKey)
    act(() => held.change(2).answer({ position: '10' }))
    await waitFor(() => expect(held.changes).toHaveLength(4))
    expect(held.sent()[3]).toBe(removing.restore)
  })
})
