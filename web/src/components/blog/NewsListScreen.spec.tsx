import type { NewsPage, NewsPostSummary } from '@reelmates/contracts/blog'
import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { setCurrentUser } from '../../features/account/currentUser'
import { blogCalls } from '../../features/blog/blogCalls'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { NewsListScreen } from './NewsListScreen'

// The frame around the page (menus, the signed-in shell) plays no part here.
vi.mock('../shell/PublicShell', () => ({
  PublicShell: ({ children }: { children: ReactNode }) => <main>{children}</main>,
}))

neverAnsweringServer({ browserTab: true })

const post = (slug: string): NewsPostSummary => ({
  title: slug,
  slug,
  excerpt: '',
  featuredImageUrl: null,
  publishedAt: '2026-11-20T20:00:00.000Z',
  categories: [],
})

/** The news at `page`, as a visitor sees it, the server answering `answer` (or refusing with it). */
async function showNews(page: number, answer: NewsPage | ApiError, category?: string) {
  if (answer instanceof ApiError) vi.spyOn(blogCalls, 'newsPage').mockRejectedValue(answer)
  else vi.spyOn(blogCalls, 'newsPage').mockResolvedValue(answer)
  vi.spyOn(blogCalls, 'categories').mockResolvedValue([
    { id: 'c1', name: 'Festivals', slug: 'festivals', description: null, postCount: 2 },
  ])
  const queryClient = createQueryClient()
  setCurrentUser(queryClient, null)
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={queryClient}>
        <NewsListScreen page={page} category={category} />
      </QueryClientProvider>,
    ),
  )
  await waitFor(() => expect(screen.queryByText('Loading the news…')).toBeNull())
}

const pastTheEnd: NewsPage = { items: [], page: 2, pageSize: 10, total: 2 }

describe('the news list', () => {
  it('says when it could not be loaded, and asks again on Try again', async () => {
    await showNews(1, new ApiError('An error occurred with your request', 500))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The news could not be loaded.')
    vi.mocked(blogCalls.newsPage).mockResolvedValue({ items: [post('winter-films')], page: 1, pageSize: 10, total: 1 })
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('link', { name: /winter-films/ })).toBeTruthy()
  })

  it('names a category nobody made as not found, in its heading and the page title', async () => {
    await showNews(1, new ApiError('No such category', 404), 'nothing')
    expect(screen.getByText('There is no news category at this address.')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Category not found')
    await waitFor(() => expect(document.title).toBe('Category not found · Reelmates'))
  })

  it('says a page past the last is past the end, and links to the last page', async () => {
    await showNews(2, pastTheEnd)
    expect(screen.getByText(/^There is no page 2 of the news: it ends on page 1\./)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to page 1' }).getAttribute('href')).toBe('/news?page=1')
    expect(screen.queryByText(/No posts have been published/)).toBeNull()
  })

  it('says so of a category’s page past its last, and links to its last page', async () => {
    await showNews(4, { ...pastTheEnd, page: 4, total: 25 }, 'festivals')
    expect(await screen.findByText(/^There is no page 4 of “Festivals”: it ends on page 3\./)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to page 3' }).getAttribute('href')).toBe(
      '/news/category/festivals?page=3',
    )
  })

  it('says nothing has been published yet when nothing has', async () => {
    await showNews(1, { items: [], page: 1, pageSize: 10, total: 0 })
    expect(screen.getByText(/No posts have been published here yet/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: /Go to page/ })).toBeNull()
  })

  it('lists the posts of a page within the news', async () => {
    await showNews(1, { items: [post('a')], page: 1, pageSize: 10, total: 1 })
    expect(screen.getByRole('link', { name: 'a' })).toBeTruthy()
  })
})

describe('the news pages', () => {
  const posts = (page: number, total: number): NewsPage => ({ items: [post(`p${page}`)], page, pageSize: 10, total })
  const pagerAt = (page: number) => {
    const pager = screen.getByText(`Page ${page} of 3`).closest('nav')
    expect(pager).not.toBeNull()
    return pager as HTMLElement
  }

  it('are links to their own addresses, so a reader can open the next one in a new tab', async () => {
    await showNews(2, posts(2, 25))
    const pager = pagerAt(2)
    expect(within(pager).getByRole('link', { name: '← Previous' }).getAttribute('href')).toBe('/news?page=1')
    expect(within(pager).getByRole('link', { name: 'Next →' }).getAttribute('href')).toBe('/news?page=3')
    expect(within(pager).queryByRole('button')).toBeNull()
    expect(pager.getAttribute('aria-label')).toBe('News pages')
  })

  it('keep the category of a filtered list', async () => {
    await showNews(1, posts(1, 25), 'festivals')
    const pager = pagerAt(1)
    expect(within(pager).getByRole('link', { name: 'Next →' }).getAttribute('href')).toBe(
      '/news/category/festivals?page=2',
    )
    // The first page has no page before it.
    expect(within(pager).queryByRole('link', { name: '← Previous' })).toBeNull()
  })

  it('offer no page after the last', async () => {
    await showNews(3, posts(3, 25))
    const pager = pagerAt(3)
    expect(within(pager).queryByRole('link', { name: 'Next →' })).toBeNull()
    expect(within(pager).getByRole('link', { name: '← Previous' }).getAttribute('href')).toBe('/news?page=2')
  })
})
