import type { FriendshipItem } from '@reelmates/contracts/friendships'
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MediaFriendsAnswer } from '@reelmates/contracts/profiles'
import { friendsListQuery, mediaFriendsQuery } from '../../features/friends/queries'
import { recommendationsQuery } from '../../features/recommendations/queries'
import { serverAnswered } from '../../lib/connection'
import { removeToast } from '../../lib/toast'
import { ShownToasts } from '../../lib/toastsInSpecs'
import { RecommendDialog } from './RecommendDialog'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'

vi.mock('@tanstack/react-router', async (importOriginal) => ({
  // The router itself (the dialog asks before a Back leaves its changes), links drawn plain.
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
}))

beforeEach(() => {
  // jsdom has no modal dialogs nor media queries: a desktop, whose dialog opens as it would.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query }))
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.open = true
    },
    close(this: HTMLDialogElement) {
      this.open = false
    },
  })
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  act(() => removeToast())
})

const friend = (username: string): FriendshipItem => ({
  id: `pair-${username}`,
  user: { id: `id-${username}`, username, avatarUrl: null },
  since: '2026-11-01T00:00:00.000Z',
  inviteCount: 1,
})

function openDialog(
  friends: FriendshipItem[],
  onClose: () => void = () => undefined,
  friendsOfTitle: MediaFriendsAnswer = { watched: [], averageRating: null, watchlist: { count: 0, users: [] } },
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(friendsListQuery().queryKey, { friends, incoming: [], outgoing: [], invitations: [] })
  client.setQueryData(recommendationsQuery('sent').queryKey, [])
  client.setQueryData(mediaFriendsQuery({ tmdbId: 289, mediaType: 'movie' }).queryKey, friendsOfTitle)
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={client}>
        <RecommendDialog title={{ tmdbId: 289, mediaType: 'movie', title: 'Casablanca' }} onClose={onClose} />
        <ShownToasts />
      </QueryClientProvider>,
    ),
  )
  return screen.getByRole('dialog', { name: 'Recommend Casablanca' })
}

describe('the Recommend dialog', () => {
  it('is named for what it does and to which title: "Recommend Casablanca"', () => {
    expect(openDialog([friend('cleo')]).tagName).toBe('DIALOG')
    expect(screen.queryByRole('dialog', { name: 'Casablanca' })).toBeNull()
  })
})

describe('searching friends in the Recommend dialog', () => {
  it('keeps the friends whose name holds the search', () => {
    const dialog = openDialog([friend('cleo'), friend('dan')])
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search friends' }), { target: { value: 'cl' } })
    const list = within(dialog).getByRole('list', { name: 'Friends' })
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1)
    expect(within(list).getByRole('checkbox', { name: /cleo/ })).toBeTruthy()
    expect(within(dialog).queryByRole('status')).toBeNull()
  })

  it('says so when no friend matches, instead of an empty list', () => {
    const dialog = openDialog([friend('dan')])
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search friends' }), {
      target: { value: ' cleo ' },
    })
    expect(within(dialog).queryByRole('list', { name: 'Friends' })).toBeNull()
    expect(within(dialog).getByRole('status').textContent).toBe('No friend matches “cleo”.')
  })
})

describe('opening the Recommend dialog on a desktop', () => {
  it('starts in the search box when there are friends to search', () => {
    const dialog = openDialog([friend('cleo')])
    expect(document.activeElement).toBe(within(dialog).getByRole('searchbox', { name: 'Search friends' }))
  })

  it('with no friends, offers no search and starts in the address box', () => {
    const dialog = openDialog([])
    expect(within(dialog).queryByRole('searchbox')).toBeNull()
    expect(within(dialog).getByText(/No friends yet/)).toBeTruthy()
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Or to an email address' }))
  })

  it('says beside a friend that they watched the title or keep it, as its name stays theirs', () => {
    const dialog = openDialog([friend('amy'), friend('bob'), friend('cat')], () => undefined, {
      watched: [
        {
          user: { id: 'id-amy', username: 'amy', avatarUrl: null },
          watchedAt: '2026-11-01T00:00:00.000Z',
          watchedOn: null,
          rating: 9,
          recommend: true,
          reviewExcerpt: null,
          containsSpoilers: false,
        },
      ],
      averageRating: 9,
      watchlist: { count: 1, users: [{ id: 'id-bob', username: 'bob', avatarUrl: null }] },
    })
    const box = (name: string) => within(dialog).getByRole('checkbox', { name })
    expect(box('amy').getAttribute('aria-describedby')).toBeTruthy()
    expect(document.getElementById(box('amy').getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Watched it · 4½ stars',
    )
    expect(document.getElementById(box('bob').getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'On their watchlist',
    )
    expect(box('cat').hasAttribute('aria-describedby')).toBe(false)
  })

  it('closes from the ✕ at its top', () => {
    const closed = vi.fn()
    const dialog = openDialog([friend('cleo')], closed)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(closed).toHaveBeenCalledTimes(1)
  })
})

describe('closing the Recommend dialog', () => {
  const question = () => screen.queryByRole('dialog', { name: 'Discard your changes?' })

  it('closes at once when nothing was picked or written (a search typed is not asked about)', () => {
    const onClose = vi.fn()
    const dialog = openDialog([friend('cleo')], onClose)
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search friends' }), { target: { value: 'cl' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(question()).toBeNull()
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('asks before Escape throws a note away; Stay keeps it, Leave closes', () => {
    const onClose = vi.fn()
    const dialog = openDialog([friend('cleo')], onClose)
    const note = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Note (optional)' })
    fireEvent.change(note, { target: { value: 'The ending!' } })
    fireEvent.keyDown(note, { key: 'Escape' })
    fireEvent.click(within(question() as HTMLElement).getByRole('button', { name: 'Stay' }))
    expect(question()).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
    expect(note.value).toBe('The ending!')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    fireEvent.click(within(question() as HTMLElement).getByRole('button', { name: 'Leave' }))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('asks about friends picked too, from the close button', () => {
    const onClose = vi.fn()
    const dialog = openDialog([friend('cleo')], onClose)
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /cleo/ }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(question()).not.toBeNull()
    expect(onClose).not.toHaveBeenCalled()
  })
})

describe('a send the server refuses', () => {
  it('says why inside the dialog, whose modal layer hides the toast, and keeps the picks and the note', async () => {
    const reason = 'You can only recommend titles to friends, and cleo is not your friend.'
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'POST'
          ? Response.json({ message: reason, error: 'Forbidden' }, { status: 403 })
          : Response.json(url.startsWith('/api/csrf-token') ? { csrfToken: 'token' } : { items: [] }),
      ),
    )
    const onClose = vi.fn()
    const dialog = openDialog([friend('cleo')], onClose)
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /cleo/ }))
    const note = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Note (optional)' })
    fireEvent.change(note, { target: { value: 'Play it again' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))

    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Not sent. ${reason}`)
    // Said once: no toast under the dialog to say it again once it closes.
    expect(screen.getByRole('list', { name: 'Toasts' }).textContent).toBe('')
    expect(onClose).not.toHaveBeenCalled()
    expect(note.value).toBe('Play it again')
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: /cleo/ }).checked).toBe(true)
  })
})

describe('a send the server does not answer', () => {
  afterEach(() => act(() => serverAnswered()))

  it('closes the dialog once the send waits on the device, so nothing offers to discard what will be sent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') throw new TypeError('Failed to fetch')
        return Response.json(url.startsWith('/api/csrf-token') ? { csrfToken: 'token' } : { items: [] })
      }),
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const onClose = vi.fn()
    const dialog = openDialog([friend('cleo')], onClose)
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /cleo/ }))
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Play it again' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))

    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1))
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull()
    expect(await screen.findByText(/Your change is saved on this device/)).toBeTruthy()
  })
})

describe('the note in the Recommend dialog', () => {
  it('counts characters as the server does: 260 👍 are 260 of 500, and may be sent', () => {
    const dialog = openDialog([friend('cleo')])
    const note = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Note (optional)' })
    fireEvent.change(note, { target: { value: '👍'.repeat(260) } })
    expect(dialog.textContent).toContain('260 / 500')
    expect(note.validity.customError).toBe(false)
  })

  it('says 501 characters are one too many', () => {
    const dialog = openDialog([friend('cleo')])
    const note = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Note (optional)' })
    fireEvent.change(note, { target: { value: '👍'.repeat(501) } })
    expect(dialog.textContent).toContain('1 character too long')
  })
})

describe('the Recommend dialog before the friends list is here', () => {
  afterEach(() => act(() => onlineManager.setOnline(true)))

  function openWaiting() {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    )
    const client = new QueryClient()
    client.setQueryData(recommendationsQuery('sent').queryKey, [])
    render(
      withinRouter(
        routerInMemory(),
        <QueryClientProvider client={client}>
          <RecommendDialog title={{ tmdbId: 289, mediaType: 'movie', title: 'Casablanca' }} onClose={() => undefined} />
        </QueryClientProvider>,
      ),
    )
    return screen.getByRole('dialog', { name: 'Recommend Casablanca' })
  }

  it('offline, says the list is not kept on this device, not an empty list; the address still works', () => {
    act(() => onlineManager.setOnline(false))
    const dialog = openWaiting()
    expect(within(dialog).getByRole('status').textContent).toMatch(/Your friends list isn’t saved on this device/)
    expect(within(dialog).queryByRole('searchbox', { name: 'Search friends' })).toBeNull()
    expect(within(dialog).getByRole('textbox', { name: 'Or to an email address' })).toBeTruthy()
  })

  it('online, says it is loading', () => {
    const dialog = openWaiting()
    expect(within(dialog).getByRole('status').textContent).toBe('Loading your friends list…')
  })
})
