import type { MediaDetails } from '@reelmates/contracts/catalog'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { setCurrentUser } from '../../features/account/currentUser'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { MediaDetailsScreen } from './MediaDetailsScreen'
import { movie } from '../../features/catalog/testing'

const details = vi.hoisted(() => ({ answer: (): Promise<MediaDetails> => Promise.reject(new Error('unset')) }))
vi.mock('../../features/catalog/searchCalls', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../features/catalog/searchCalls')>()),
  fetchMediaDetails: () => details.answer(),
}))

neverAnsweringServer({ browserTab: true })

/** The Matrix's page in a screen's frame, its details failing with a 500 until `details.answer` is changed. */
function showTitleThatFails() {
  details.answer = () => Promise.reject(new ApiError('An error occurred with your request', 500))
  const queryClient = createQueryClient()
  setCurrentUser(queryClient, null)
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={queryClient}>
        <main>
          <MediaDetailsScreen mediaType="movie" id={603} />
        </main>
      </QueryClientProvider>,
    ),
  )
}

describe('a title that could not be loaded', () => {
  it('is a page with its heading and title, and Try again, which keeps it and the focus while it asks', async () => {
    showTitleThatFails()
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Title unavailable')
    expect(screen.getByText('This title could not be loaded.')).toBeTruthy()
    await waitFor(() => expect(document.title).toBe('Title unavailable · Reelmates'))
    const retry = screen.getByRole('button', { name: 'Try again' })
    retry.focus()
    details.answer = () => new Promise(() => undefined)
    fireEvent.click(retry)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Title unavailable')
    expect(document.activeElement).toBe(retry)
  })

  it('gives the focus to the title’s heading once Try again loads it', async () => {
    showTitleThatFails()
    const retry = await screen.findByRole('button', { name: 'Try again' })
    retry.focus()
    const matrix: MediaDetails = {
      ...movie(603, 'The Matrix'),
      genres: [],
      credits: { cast: [], crew: [] },
      videos: [],
      trailer: null,
      watch_providers: {},
      similar: [],
    }
    let answer: () => void = () => undefined
    details.answer = () => new Promise((resolve) => (answer = () => resolve(matrix)))
    fireEvent.click(retry)
    await new Promise((resolve) => setTimeout(resolve, 20))
    await act(async () => answer())
    const title = await screen.findByRole('heading', { level: 1, name: 'The Matrix' })
    await waitFor(() => expect(document.activeElement).toBe(title))
  })
})
