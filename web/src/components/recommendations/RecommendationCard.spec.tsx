import type { RecommendationItem } from '@reelmates/contracts/recommendations'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { libraryKeys } from '../../features/library/libraryQueries'
import { recommendationCalls } from '../../features/recommendations/recommendationCalls'
import * as toasts from '../../lib/toast'
import { forgetCsrfToken } from '../../lib/api'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { eachLineItsDirection } from '../../lib/textDirection'
import { ReceivedCard, SentCard } from './RecommendationCard'

vi.mock('@tanstack/react-router', () => ({
  // What a link says to assistive technology is kept; where it leads is not this spec's business.
  Link: ({ children, to: _to, params: _params, ...shown }: { children: ReactNode; to: string; params: unknown }) => (
    <a href="/" {...shown}>
      {children}
    </a>
  ),
}))

// The answer is sent and never answered: the spec shows the card as the screen's overlay would.
neverAnsweringServer()

const casablanca: RecommendationItem = {
  id: 'r1',
  from: { username: 'ann' },
  to: { username: 'dan' },
  toEmail: null,
  tmdbId: 289,
  mediaType: 'movie',
  mediaTitle: 'Casablanca',
  mediaPosterPath: null,
  note: null,
  status: 'pending',
  rating: null,
  emailSent: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
}

function receivedCard() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const card = (status: RecommendationItem['status']) => (
    <QueryClientProvider client={client}>
      <ReceivedCard item={{ ...casablanca, status }} />
    </QueryClientProvider>
  )
  const { rerender } = render(card('pending'))
  return { showing: (status: RecommendationItem['status']) => rerender(card(status)) }
}

describe('the keyboard after answering a recommendation', () => {
  it('goes to the card’s new state once "Add to watchlist" has become "On your watchlist"', () => {
    const card = receivedCard()
    const add = screen.getByRole('button', { name: 'Add to watchlist: Casablanca' })
    add.focus()
    fireEvent.click(add)
    card.showing('accepted')
    expect(document.activeElement?.textContent).toBe('On your watchlist')
  })
})

/** The card of Casablanca (pending unless said), with one of my library's lists already known. */
function cardBeside(
  list: readonly unknown[],
  data: unknown,
  status: RecommendationItem['status'] = 'pending',
): HTMLElement {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(list, data)
  render(
    <QueryClientProvider client={client}>
      <ReceivedCard item={{ ...casablanca, status }} />
    </QueryClientProvider>,
  )
  return screen.getByRole('article', { name: 'Casablanca' })
}

describe('a recommendation of a title I watched already', () => {
  it('offers no "Add to watchlist" (the server would refuse it), says so, and can still be dismissed', () => {
    const card = cardBeside(libraryKeys.watchedTitles(), [
      { tmdbId: 289, mediaType: 'movie', timesWatched: 1, lastWatchedAt: '2026-10-01T00:00:00.000Z', rating: 8 },
    ])
    expect(within(card).queryByRole('button', { name: /^Add to watchlist/ })).toBeNull()
    expect(card.textContent).toContain('You watched it')
    expect(within(card).getByRole('button', { name: 'Dismiss Casablanca' })).toBeTruthy()
  })
})

describe('a recommendation of a title already on my watchlist', () => {
  it('says so instead of offering to add it, and can still be accepted or dismissed', () => {
    const card = cardBeside(libraryKeys.watchlist(), [{ tmdbId: 289, mediaType: 'movie' }])
    expect(within(card).queryByRole('button', { name: /^Add to watchlist/ })).toBeNull()
    expect(card.textContent).toContain('Already on your watchlist')
    expect(within(card).getByRole('button', { name: 'Accept Casablanca' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Dismiss Casablanca' })).toBeTruthy()
  })

  it('says, once accepted, that it was on the watchlist already, not that it was added', async () => {
    const told = vi
      .spyOn(toasts, 'toast')
      .mockReturnValue({ id: '1', dismiss: () => undefined, update: () => undefined })
    vi.spyOn(recommendationCalls, 'answer').mockResolvedValue({} as never)
    const card = cardBeside(libraryKeys.watchlist(), [{ tmdbId: 289, mediaType: 'movie' }])
    fireEvent.click(within(card).getByRole('button', { name: 'Accept Casablanca' }))
    await waitFor(() => expect(told).toHaveBeenCalled())
    expect(told).toHaveBeenCalledWith(expect.objectContaining({ title: 'Accepted' }))
    expect(told).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Added to your watchlist' }))
  })
})

describe('an accepted recommendation', () => {
  it('says "On your watchlist" while the title is there', () => {
    const card = cardBeside(libraryKeys.watchlist(), [{ tmdbId: 289, mediaType: 'movie' }], 'accepted')
    expect(card.textContent).toContain('On your watchlist')
  })

  it('says "Accepted" once the title has left the watchlist', () => {
    const card = cardBeside(libraryKeys.watchlist(), [], 'accepted')
    expect(card.textContent).toContain('Accepted')
    expect(card.textContent).not.toContain('On your watchlist')
  })
})

describe('a note written in two directions', () => {
  const note = 'מומלץ בחום!\nLine two in English.'

  it('gives each line its own direction, on the Received and the Sent card', () => {
    const client = new QueryClient()
    render(
      <QueryClientProvider client={client}>
        <ReceivedCard item={{ ...casablanca, note }} />
        <SentCard item={{ ...casablanca, id: 'r2', note }} />
      </QueryClientProvider>,
    )
    const shown = screen.getAllByText((_, element) => element?.tagName === 'P' && element.textContent === `“${note}”`)
    expect(shown).toHaveLength(2)
    for (const paragraph of shown) {
      expect(paragraph.getAttribute('dir')).toBe('auto')
      expect(paragraph.className).toContain(eachLineItsDirection)
    }
  })
})

describe('a recommendation card for a screen reader', () => {
  it('leads to the title once: by its name, the poster being the same link for a pointer only', () => {
    const card = cardBeside(libraryKeys.watchlist(), [])
    expect(within(card).getAllByRole('link', { name: 'Casablanca' })).toHaveLength(1)
    const poster = card.querySelector('a[aria-hidden="true"]')
    expect(poster?.getAttribute('tabindex')).toBe('-1')
  })

  it('names the title on each button, its visible words first', () => {
    const card = cardBeside(libraryKeys.watchlist(), [])
    expect(within(card).getByRole('button', { name: 'Add to watchlist: Casablanca' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Dismiss Casablanca' })).toBeTruthy()
  })

  it('says "Dismissed" when Dismiss hands the keyboard to Undo, and names Undo', () => {
    const card = receivedCard()
    const dismiss = screen.getByRole('button', { name: 'Dismiss Casablanca' })
    dismiss.focus()
    fireEvent.click(dismiss)
    card.showing('dismissed')
    expect(screen.getByRole('status').textContent).toBe('Dismissed Casablanca')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Undo dismissing Casablanca' }))
  })
})

describe('an answer the server refuses', () => {
  it('takes "Dismissed" back when the dismissal is refused (answered meanwhile on another device)', async () => {
    // A token asked for by an earlier test was never answered: this test's server answers it.
    forgetCsrfToken()
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input)
        if (url.includes('csrf-token')) return Promise.resolve(Response.json({ csrfToken: 'token' }))
        const method = input instanceof Request ? input.method : (init?.method ?? 'GET')
        if (method !== 'GET')
          return Promise.resolve(
            Response.json(
              { message: 'This recommendation has already been answered', error: 'Conflict' },
              { status: 409 },
            ),
          )
        return new Promise<Response>(() => undefined)
      }),
    )
    receivedCard()
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss Casablanca' }))
    expect(screen.getByRole('status').textContent).toBe('Dismissed Casablanca')
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Casablanca was not dismissed'))
  })
})

describe('a long title on a card', () => {
  it('wraps to two lines rather than being cut to one, and keeps the whole title on its link', () => {
    const long = 'The Lord of the Rings: The Return of the King (Extended Edition)'
    const client = new QueryClient()
    render(
      <QueryClientProvider client={client}>
        <SentCard item={{ ...casablanca, mediaTitle: long }} />
      </QueryClientProvider>,
    )
    const heading = screen.getByRole('heading', { level: 3 })
    expect(heading.className).toContain('line-clamp-2')
    expect(heading.className).not.toContain('truncate')
    expect(within(heading).getByRole('link', { name: long }).getAttribute('title')).toBe(long)
  })
})
