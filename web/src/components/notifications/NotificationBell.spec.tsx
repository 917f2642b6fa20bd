import type { NotificationItem, NotificationsAnswer } from '@reelmates/contracts/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notificationsCalls } from '../../features/notifications/notificationsCalls'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { NotificationBell } from './NotificationBell'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const item = (id: string, createdAt: string, read = false): NotificationItem => ({
  id,
  kind: 'friend-request',
  text: `${id} sent you a friend request`,
  url: '/friends',
  createdAt,
  read,
})
const newest = '2026-11-20T12:00:00.000Z'
/** Two unread (one of them seen at an earlier opening of the bell) and one read. */
const answer: NotificationsAnswer = {
  items: [item('ann', newest), item('bob', '2026-11-20T11:00:00.000Z'), item('cat', '2026-11-20T10:00:00.000Z', true)],
  nextCursor: null,
  unreadCount: 2,
  unseenCount: 1,
}

/** The bell with this answer from the server; the seen mark is sent and never answered, unless `answered`. */
async function showBell(
  list: NotificationsAnswer | ((cursor: string | null) => Promise<NotificationsAnswer>) = answer,
  { answered = false } = {},
) {
  const listed = vi
    .spyOn(notificationsCalls, 'list')
    .mockImplementation(typeof list === 'function' ? list : () => Promise.resolve(list))
  const markSeen = vi
    .spyOn(notificationsCalls, 'markSeen')
    .mockImplementation(() => (answered ? Promise.resolve({ position: '9' }) : new Promise(() => {})))
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <NotificationBell />
      </QueryClientProvider>,
    ),
  )
  await settle()
  return { markSeen, listed }
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))
const bell = () => screen.getByRole('button', { name: /^Notifications/ })
const toggle = () => act(async () => fireEvent.click(bell()))
const badge = () => screen.queryByTestId('notifications-badge')

describe('the bell’s panel before its first answer', () => {
  it('says it is loading, not "Nothing yet"', async () => {
    await showBell(() => new Promise(() => undefined))
    await toggle()
    expect(screen.getByRole('status').textContent).toBe('Loading notifications…')
    expect(screen.queryByText(/^Nothing yet/)).toBeNull()
  })

  it('says it failed, with Try again, which asks again', async () => {
    const { listed } = await showBell(() => Promise.reject(new Error('down')))
    await toggle()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain("Your notifications couldn't be loaded.")
    expect(screen.queryByText(/^Nothing yet/)).toBeNull()
    listed.mockImplementation(() => Promise.resolve(answer))
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })))
    await waitFor(() => expect(screen.getByRole('link', { name: /ann sent you a friend request/ })).toBeTruthy())
  })
})

describe('the bell’s badge', () => {
  it('counts the unread notifications that are new since the bell was last opened, not every unread one', async () => {
    await showBell()
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 new')
    expect(badge()?.textContent).toBe('1')
  })

  it('clears at once when the bell is opened, and the server is told how far the bell showed', async () => {
    const { markSeen } = await showBell()
    await toggle()
    expect(markSeen).toHaveBeenCalledExactlyOnceWith(newest)
    // Before the server has answered (it never does here). The optimistic update waits for the
    // count's own request to be cancelled first, which a busy run may not have finished within the act.
    await waitFor(() => expect(badge()).toBeNull())
    expect(bell().getAttribute('aria-label')).toBe('Notifications')
  })

  it('leaves the unread notifications unread in the list, and "Mark all read" for them', async () => {
    await showBell()
    await toggle()
    const list = screen.getByRole('list', { name: 'Notifications' })
    const unread = within(list)
      .getAllByRole('listitem')
      .map((entry) => entry.textContent.includes('(unread)'))
    expect(unread).toEqual([true, true, false])
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Mark all read' }).disabled).toBe(false)
  })

  it('sends nothing when there is nothing new, nor again when the bell is opened once more', async () => {
    const quiet = await showBell({ ...answer, unseenCount: 0 })
    await toggle()
    expect(quiet.markSeen).not.toHaveBeenCalled()
    cleanup()

    const { markSeen } = await showBell(answer, { answered: true })
    await toggle()
    await settle()
    await toggle()
    await toggle()
    await settle()
    expect(markSeen).toHaveBeenCalledTimes(1)
  })
})

describe('the bell’s list', () => {
  it('is asked for again when the bell opens, so a line the server took back since the last poll goes', async () => {
    let server = answer
    const { listed } = await showBell(() => Promise.resolve(server), { answered: true })
    await toggle()
    await settle()
    await toggle()
    // The comment behind "ann" was deleted; no poll has come since.
    server = { ...answer, items: answer.items.slice(1), unreadCount: 1, unseenCount: 0 }
    const asked = listed.mock.calls.length
    await toggle()
    await settle()
    expect(listed.mock.calls.length).toBeGreaterThan(asked)
    const shown = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')
    expect(shown.map((entry) => entry.textContent.split(' ')[0])).toEqual(['bob', 'cat'])
  })
})

describe('a notification in the bell', () => {
  it('is a link to where it points: opened, it is marked read and the panel closes', async () => {
    const markRead = vi.spyOn(notificationsCalls, 'markRead').mockResolvedValue({ position: '9' })
    await showBell(answer, { answered: true })
    await toggle()
    const entry = screen.getByRole('link', { name: /^ann sent you a friend request/ })
    expect(entry.getAttribute('href')).toBe('/friends')
    await act(async () => fireEvent.click(entry))
    expect(markRead).toHaveBeenCalledExactlyOnceWith({ ids: ['ann'] })
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull()
  })

  it('whose link would leave the site (a backslash reads as a slash) opens home instead', async () => {
    await showBell({ ...answer, items: [{ ...item('ann', newest), url: '/\\evil.example/path' }] }, { answered: true })
    await toggle()
    expect(screen.getByRole('link', { name: /^ann sent you/ }).getAttribute('href')).toBe('/home')
  })

  it('opened in another tab (a modifier key, the middle button), is marked read and the panel stays', async () => {
    const markRead = vi.spyOn(notificationsCalls, 'markRead').mockResolvedValue({ position: '9' })
    await showBell(answer, { answered: true })
    await toggle()
    const entry = screen.getByRole('link', { name: /^ann sent you a friend request/ })
    // Not prevented: the browser opens the link in its new tab (jsdom cannot, so it is stopped here,
    // after the app has had it).
    let prevented: boolean | undefined
    window.addEventListener(
      'click',
      (event) => {
        prevented = event.defaultPrevented
        event.preventDefault()
      },
      { once: true },
    )
    await act(async () => fireEvent.click(entry, { ctrlKey: true }))
    expect(prevented).toBe(false)
    await act(async () =>
      fireEvent(screen.getByRole('link', { name: /^bob/ }), new MouseEvent('auxclick', { bubbles: true, button: 1 })),
    )
    expect(markRead.mock.calls).toEqual([[{ ids: ['ann'] }], [{ ids: ['bob'] }]])
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeNull()
  })
})

describe('a long announcement in the bell', () => {
  it('shows its first lines until "Read all", and the others stay in view', async () => {
    const long = 'Movie night. '.repeat(40).trim()
    const announcement: NotificationItem = { ...item('news', newest), kind: 'announcement', text: long }
    await showBell({ ...answer, items: [announcement, ...answer.items] }, { answered: true })
    await toggle()
    const readAll = screen.getByRole('button', { name: 'Read all' })
    expect(readAll.getAttribute('aria-expanded')).toBe('false')
    const text = document.getElementById(readAll.getAttribute('aria-controls') ?? '')
    expect(text?.className).toContain('line-clamp-4')
    fireEvent.click(readAll)
    expect(screen.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true')
    expect(text?.className).not.toContain('line-clamp-4')
    // A short one has nothing to open.
    expect(screen.getAllByRole('button', { name: /Read all|Show less/ })).toHaveLength(1)
  })
})

describe('the bell’s panel and the keyboard', () => {
  it('closes when the focus leaves it for the page, and stays open while it moves inside', async () => {
    await showBell(answer, { answered: true })
    const elsewhere = document.createElement('button')
    document.body.append(elsewhere)
    await toggle()
    const panel = screen.getByRole('dialog', { name: 'Notifications' })
    const [first, second] = within(panel).getAllByRole('link')
    act(() => first?.focus())
    act(() => second?.focus())
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeNull()
    act(() => elsewhere.focus())
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull()
    elsewhere.remove()
  })
})

describe('the bell’s older notifications', () => {
  const page = (items: NotificationItem[], nextCursor: string | null): NotificationsAnswer => ({
    items,
    nextCursor,
    unreadCount: 4,
    unseenCount: 0,
  })
  /** Six notifications, two a page, newest first; the counts are of all six on every page. */
  const pages = new Map<string | null, NotificationsAnswer>([
    [null, page([item('ann', newest), item('bob', '2026-11-20T11:00:00.000Z')], 'after-bob')],
    [
      'after-bob',
      page([item('cat', '2026-11-20T10:00:00.000Z'), item('dan', '2026-11-20T09:00:00.000Z')], 'after-dan'),
    ],
    [
      'after-dan',
      page([item('eve', '2026-11-20T08:00:00.000Z', true), item('fay', '2026-11-20T07:00:00.000Z', true)], null),
    ],
  ])
  const server = (cursor: string | null) => Promise.resolve(pages.get(cursor) ?? page([], null))
  const shown = () =>
    within(screen.getByRole('list', { name: 'Notifications' }))
      .getAllByRole('listitem')
      .map((entry) => entry.textContent.split(' ')[0])
  const showOlder = async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show older' })))
    await settle()
  }

  it('shows the newest page, then each older one under it with "Show older", until there is none', async () => {
    const { listed } = await showBell(server)
    await toggle()
    expect(shown()).toEqual(['ann', 'bob'])

    await showOlder()
    expect(shown()).toEqual(['ann', 'bob', 'cat', 'dan'])
    expect(listed).toHaveBeenLastCalledWith('after-bob')
    await showOlder()
    expect(shown()).toEqual(['ann', 'bob', 'cat', 'dan', 'eve', 'fay'])
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull()
  })

  it('moves focus to the first notification that came, so it stays in the panel when the button goes', async () => {
    await showBell(server)
    await toggle()
    await showOlder()
    expect(document.activeElement?.textContent).toMatch(/^cat sent you a friend request/)
    await showOlder()
    expect(document.activeElement?.textContent).toMatch(/^eve sent you a friend request/)
  })

  it('marks every notification read up to the newest shown with "Mark all read", older pages shown or not', async () => {
    const markRead = vi.spyOn(notificationsCalls, 'markRead').mockResolvedValue({ position: '9' })
    await showBell(server)
    await toggle()
    await showOlder()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark all read' })))
    // Not one that came in after the bell showed its list: that one the member has not seen.
    expect(markRead).toHaveBeenCalledExactlyOnceWith({ upTo: newest })
  })

  it('starts again from the newest page when the bell is opened again', async () => {
    await showBell(server)
    await toggle()
    await showOlder()
    await toggle()
    await toggle()
    expect(shown()).toEqual(['ann', 'bob'])
    expect(screen.getByRole('button', { name: 'Show older' })).toBeTruthy()
  })
})

describe('an announcement in the bell', () => {
  it('shows each paragraph of its message as a paragraph of its own, not one run-on line', async () => {
    const announcement: NotificationItem = {
      id: 'n1',
      kind: 'announcement',
      text: 'Festival week: Screenings start Monday.\n\nBring a friend:\nthe second ticket is free.',
      url: '/home',
      createdAt: newest,
      read: true,
    }
    await showBell({ items: [announcement], nextCursor: null, unreadCount: 0, unseenCount: 0 })
    await toggle()
    const entry = screen.getByRole('link', { name: /^Festival week/ })
    expect(within(entry).getByText('Festival week: Screenings start Monday.')).toBeTruthy()
    const second = within(entry).getByText(/^Bring a friend/)
    // Its line break is kept for the CSS to show (whitespace: pre-line), not collapsed into a space.
    expect(second.textContent).toBe('Bring a friend:\nthe second ticket is free.')
  })
})

describe('the empty bell', () => {
  it('names every kind of news it brings, recommendations and comments included', async () => {
    await showBell({ items: [], nextCursor: null, unreadCount: 0, unseenCount: 0 })
    await toggle()
    const said = screen.getByText(/^Nothing yet\./).textContent
    for (const kind of ['Friend requests', 'recommendations', 'comments', 'reactions', 'news from Reelmates'])
      expect(said).toContain(kind)
  })
})
