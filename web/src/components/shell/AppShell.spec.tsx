import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { member } from '../../features/account/testing'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { AppShell } from './AppShell'

// Whether a post is unread is unreadNews.spec's matter; here only what the frame shows of it.
const news = vi.hoisted(() => ({ unread: false }))
vi.mock('../../features/blog/unreadNews', () => ({ useUnreadNews: () => news.unread }))
// The bell and the feed's badge ask the server for counts of their own, which play no part here.
vi.mock('../notifications/NotificationBell', () => ({ NotificationBell: () => null }))
vi.mock('../feed/FeedBadge', () => ({ FeedBadge: () => null }))

neverAnsweringServer({ browserTab: true })

function showShell(unread: boolean) {
  news.unread = unread
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <AppShell user={member({ id: 'u-ann' })}>
          <p>Page</p>
        </AppShell>
      </QueryClientProvider>,
    ),
  )
}

describe("the phone's menu button", () => {
  it('carries the unread-news dot, and says so, while a news post is unread', () => {
    showShell(true)
    const opener = screen.getByRole('button', { name: 'Open menu, unread news' })
    expect(opener.querySelector('[data-unread-news]')).not.toBeNull()
    // The menu's own News link keeps its dot too.
    fireEvent.click(opener)
    const menu = screen.getByRole('navigation', { name: 'Menu navigation' })
    expect(within(menu).getByRole('link', { name: /News/ }).textContent).toContain('(new posts)')
  })

  it('is a plain "Open menu" with no dot when the news is read', () => {
    showShell(false)
    const opener = screen.getByRole('button', { name: 'Open menu' })
    expect(opener.querySelector('[data-unread-news]')).toBeNull()
  })
})
