import type { FeedAnswer, FeedItem } from '@reelmates/contracts/feed'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { feedCalls } from '../../features/feed/feedCalls'
import { feedKeys } from '../../features/feed/feedQueries'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { FeedScreen } from './FeedScreen'

/** Which cards were drawn, by title: the card draws its reactions bar each time it is drawn. */
const drawn = vi.hoisted(() => ({ titles: [] as string[] }))
vi.mock('./ReactionsBar', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./ReactionsBar')>()
  return {
    ...actual,
    ReactionsBar: (props: Parameters<typeof actual.ReactionsBar>[0]) => {
      drawn.titles.push(props.subject)
      return <actual.ReactionsBar {...props} />
    },
  }
})

neverAnsweringServer({ browserTab: true })

/** The end of the list, as the spec scrolls to it: each call tells the screen's observer it is in view. */
const endOfList = vi.hoisted(() => ({ reach: (): void => undefined }))
beforeEach(() => {
  drawn.titles = []
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        endOfList.reach = () =>
          this.callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          )
      }
      disconnect() {}
    },
  )
})

const ann = { id: 'u-ann', username: 'ann', avatarUrl: null }
const minute = 60_000
const start = Date.parse('2026-11-27T10:00:00.000Z')

/** ann's watch of "Film n", n minutes before the start: the higher n, the older. */
const watch = (n: number): FeedItem => ({
  id: `watched:e${n}`,
  activityType: 'watched',
  user: ann,
  target: null,
  tmdbId: 1000 + n,
  mediaType: 'movie',
  mediaTitle: `Film ${n}`,
  mediaPosterPath: null,
  rating: 8,
  recommend: null,
  review: null,
  containsSpoilers: false,
  watchedAt: new Date(start - n * minute).toISOString(),
  watchedOn: '2026-11-27',
  rewatch: false,
  createdAt: new Date(start - n * minute).toISOString(),
  reactions: [],
  commentCount: 0,
})

/** The feed's pages of 20, from `from` on (Film from … Film from+19), with cursors up to `total`. */
const page = (from: number, total: number): FeedAnswer => ({
  items: Array.from({ length: Math.min(20, total - from + 1) }, (_, index) => watch(from + index)),
  nextCursor: from + 20 <= total ? String(from + 20) : null,
})

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))

/** The feed screen of a member, its pages answered by `pages`. */
function renderFeed(pages: (typeof feedCalls)['page']): QueryClient {
  const client = createQueryClient()
  client.setQueryData(currentUserKey, { id: 'u-me', username: 'me', avatarUrl: null, email: 'me@example.com' })
  vi.spyOn(feedCalls, 'page').mockImplementation(pages)
  vi.spyOn(feedCalls, 'visit').mockResolvedValue({})
  vi.spyOn(feedCalls, 'unread').mockResolvedValue({ count: 0 })
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={client}>
        <FeedScreen />
      </QueryClientProvider>,
    ),
  )
  return client
}

/** The feed of a member whose friend ann has `total` activities, first page shown. */
async function showFeed(total: number): Promise<QueryClient> {
  const client = renderFeed((cursor) => Promise.resolve(page(Number(cursor ?? 1), total)))
  expect(await screen.findAllByRole('article')).toHaveLength(20)
  return client
}

/** Scrolls to the end of the list and waits for the page it loads. */
async function loadNextPage(expected: number) {
  act(() => endOfList.reach())
  await settle()
  expect(screen.getAllByRole('article')).toHaveLength(expected)
}

// Sixty cards drawn in jsdom take seconds on a busy machine.
describe('the feed, scrolled page by page', () => {
  it('draws the cards of the page it loads, not again those already shown', async () => {
    await showFeed(100)
    drawn.titles = []
    await loadNextPage(40)
    expect(drawn.titles).toEqual(Array.from({ length: 20 }, (_, index) => `ann's watch of Film ${21 + index}`))
    drawn.titles = []
    await loadNextPage(60)
    expect(drawn.titles).toEqual(Array.from({ length: 20 }, (_, index) => `ann's watch of Film ${41 + index}`))
  })

  it('names each card and its controls by the activity, not by words every card shares', async () => {
    await showFeed(20)
    const card = screen.getByRole('article', { name: /^ann watched Film 3\b/ })
    expect(within(card).getByRole('link', { name: "0 comments on ann's watch of Film 3" })).toBeTruthy()
    expect(within(card).getByRole('button', { name: "❤️ 0 on ann's watch of Film 3" })).toBeTruthy()
  })

  it('draws again only the card whose reaction changes', async () => {
    await showFeed(100)
    await loadNextPage(40)
    vi.spyOn(feedCalls, 'react').mockReturnValue(new Promise(() => undefined))
    drawn.titles = []
    const reactions = screen.getByRole('toolbar', { name: "Reactions to ann's watch of Film 3" })
    fireEvent.click(within(reactions).getByRole('button', { name: /^🔥/ }))
    await settle()
    expect(new Set(drawn.titles)).toEqual(new Set(["ann's watch of Film 3"]))
  })
})

describe('opening the feed', () => {
  it('records one visit, not a second when the list it opened on arrives', async () => {
    await showFeed(20)
    await settle()
    expect(feedCalls.visit).toHaveBeenCalledTimes(1)
  })

  it('records one visit over a list kept from before, when the fresh one brings what it had missed', async () => {
    const client = createQueryClient()
    client.setQueryData(currentUserKey, { id: 'u-me', username: 'me', avatarUrl: null, email: 'me@example.com' })
    client.setQueryData(feedKeys.timeline(), { pages: [page(2, 20)], pageParams: [null] }, { updatedAt: 1 })
    vi.spyOn(feedCalls, 'page').mockImplementation((cursor) => Promise.resolve(page(Number(cursor ?? 1), 20)))
    vi.spyOn(feedCalls, 'visit').mockResolvedValue({})
    vi.spyOn(feedCalls, 'unread').mockResolvedValue({ count: 0 })
    render(
      withinRouter(
        routerInMemory(),
        <QueryClientProvider client={client}>
          <FeedScreen />
        </QueryClientProvider>,
      ),
    )
    expect(await screen.findByRole('article', { name: /^ann watched Film 1\b/ })).toBeTruthy()
    await settle()
    expect(feedCalls.visit).toHaveBeenCalledTimes(1)
  })
})

describe('a feed that could not be loaded', () => {
  it('keeps its alert, and the focus on Try again, while it is tried again', async () => {
    renderFeed(() => Promise.reject(new ApiError('An error occurred with your request', 500)))
    const alert = await screen.findByRole('alert')
    const retry = within(alert).getByRole('button', { name: 'Try again' })
    retry.focus()
    // The retry (or the feed's own refetch) is under way, and not answered yet.
    vi.mocked(feedCalls.page).mockReturnValue(new Promise(() => undefined))
    fireEvent.click(retry)
    await settle()
    expect(screen.getByRole('alert')).toBe(alert)
    expect(document.activeElement).toBe(retry)
  })
})

/** ann's newest, logged after the list was loaded: "New n", n minutes after the start. */
const fresh = (n: number): FeedItem => ({
  ...watch(0),
  id: `watched:new${n}`,
  mediaTitle: `New ${n}`,
  createdAt: new Date(start + n * minute).toISOString(),
})

/** ann logs `count` more, then the feed is scrolled to its third page (past the live ones). */
async function scrolledPastLivePages(count: number) {
  const client = await showFeed(100)
  await loadNextPage(40)
  const newest = Array.from({ length: count }, (_, index) => fresh(count - index))
  vi.mocked(feedCalls.page).mockImplementation((cursor) =>
    Promise.resolve(
      cursor === null
        ? { ...page(1, 100), items: [...newest, ...page(1, 100).items].slice(0, 20) }
        : page(Number(cursor), 100),
    ),
  )
  await loadNextPage(60)
  return client
}

describe('new activity while a long feed is open', () => {
  it('is offered at the top, as a polite status, and brought in by pressing it', async () => {
    await scrolledPastLivePages(2)
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    const visits = vi.mocked(feedCalls.visit).mock.calls.length
    const button = await screen.findByRole('button', { name: 'Show 2 new activities' })
    // Each card has a status of its own too, for what a reaction did.
    expect(button.closest('[role="status"]')).not.toBeNull()
    expect(screen.getAllByRole('article')).toHaveLength(60)

    fireEvent.click(button)
    await settle()
    const articles = screen.getAllByRole('article')
    expect(articles.map((article) => article.textContent).slice(0, 3)).toEqual([
      expect.stringContaining('ann watched New 2'),
      expect.stringContaining('ann watched New 1'),
      expect.stringContaining('ann watched Film 1'),
    ])
    expect(articles).toHaveLength(20)
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }))
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Activity' }))
    expect(screen.queryByRole('button', { name: /new activit/ })).toBeNull()
    // Read, as opening the feed reads it: the Feed badge clears.
    expect(vi.mocked(feedCalls.visit).mock.calls.length).toBeGreaterThan(visits)
  })
})

describe('a pull to refresh far down a long feed', () => {
  it('asks the first page alone and starts the list again from it, not every page loaded', async () => {
    await scrolledPastLivePages(1)
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0)
    const asked = vi.mocked(feedCalls.page).mock.calls.length
    const pulled = screen.getByRole('list', { name: 'Activity' })
    fireEvent.touchStart(pulled, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(pulled, { touches: [{ clientY: 200 }] })
    fireEvent.touchEnd(pulled)
    await settle()
    const cursors = vi
      .mocked(feedCalls.page)
      .mock.calls.slice(asked)
      .map(([cursor]) => cursor)
    expect(cursors).toEqual([null])
    const articles = screen.getAllByRole('article')
    expect(articles).toHaveLength(20)
    expect(articles[0]?.textContent).toContain('ann watched New 1')
  })
})
