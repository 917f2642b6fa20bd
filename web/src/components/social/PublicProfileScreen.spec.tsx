import type { ProfileWatch, PublicProfileAnswer } from '@reelmates/contracts/profiles'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode, Ref } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { friendsCalls } from '../../features/friends/friendsCalls'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { createQueryClient } from '../../lib/queryClient'
import { PublicProfileScreen } from './PublicProfileScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, ref }: { children: ReactNode; ref?: Ref<HTMLAnchorElement> }) => (
    <a href="/" ref={ref}>
      {children}
    </a>
  ),
}))
// The frame around the page (menus, the signed-in shell) plays no part here.
vi.mock('../shell/PublicShell', () => ({
  PublicShell: ({ children }: { children: ReactNode }) => <main>{children}</main>,
}))

beforeAll(imitateModalDialogs)
// In a browser tab; whatever the spec does not answer through `friendsCalls` is never answered.
neverAnsweringServer({ browserTab: true })

const maya = (friendship: PublicProfileAnswer['friendship']): PublicProfileAnswer => ({
  user: { username: 'maya', bio: null, location: null, avatarUrl: null, createdAt: '2026-01-01T00:00:00.000Z' },
  stats: { watched: 0, watchlist: 0, friends: 1 },
  favouriteGenres: [],
  recent: [],
  recentNextCursor: null,
  friendship,
  friendshipId: friendship === 'none' ? null : 'me_maya',
  recommendations: { sent: 0, hits: 0, hitRate: null, bestPick: null },
})

/** Maya's profile, seen by a signed-in member; the profile answers `answers` in turn, the last one ever after. */
async function showProfile(answers: PublicProfileAnswer['friendship'][]) {
  const profile = vi.spyOn(friendsCalls, 'profile')
  for (const friendship of answers) profile.mockResolvedValueOnce(maya(friendship))
  profile.mockResolvedValue(maya(answers.at(-1) ?? 'none'))
  await renderProfile()
}

/** Maya's profile page as a signed-in member opens it, once it has shown. */
async function renderProfile() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserKey, { id: 'me', username: 'me' })
  render(
    <QueryClientProvider client={queryClient}>
      <PublicProfileScreen username="maya" />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1, name: 'maya' })
}

describe('the keyboard on a profile whose friend button changes', () => {
  // Never to a button of the next state: a second Enter (impatience, a repeating key) would press it.
  it('goes to "Unfriended", not to the "Add friend" that replaces "Unfriend"', async () => {
    await showProfile(['friends', 'none'])
    vi.spyOn(friendsCalls, 'remove').mockResolvedValue({ position: '1' })
    const unfriend = screen.getByRole('button', { name: 'Unfriend maya' })
    unfriend.focus()
    fireEvent.click(unfriend)
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unfriend' })))
    await screen.findByRole('button', { name: 'Add friend maya' })
    expect(document.activeElement).toBe(screen.getByText('Unfriended'))
  })

  it('goes to "Cancelled", not to the "Add friend" that replaces a cancelled request', async () => {
    await showProfile(['outgoing', 'none'])
    vi.spyOn(friendsCalls, 'remove').mockResolvedValue({ position: '1' })
    const cancel = screen.getByRole('button', { name: 'Cancel your friend request to maya' })
    cancel.focus()
    await act(async () => fireEvent.click(cancel))
    await screen.findByRole('button', { name: 'Add friend maya' })
    expect(document.activeElement).toBe(screen.getByText('Cancelled'))
  })

  it('goes to "Friends", not to the "Unfriend" that replaces "Accept"', async () => {
    await showProfile(['incoming', 'friends'])
    vi.spyOn(friendsCalls, 'accept').mockResolvedValue({ position: '1' })
    const accept = screen.getByRole('button', { name: "Accept maya's friend request" })
    accept.focus()
    await act(async () => fireEvent.click(accept))
    await screen.findByRole('button', { name: 'Unfriend maya' })
    expect(document.activeElement).toBe(screen.getByText('Friends'))
  })
})

const watchOf = (title: string, day: number, rewatch = false): ProfileWatch => ({
  id: `w-${title}`,
  tmdbId: day,
  mediaType: 'movie',
  title,
  posterPath: null,
  releaseDate: null,
  watchedAt: `2026-10-${String(day).padStart(2, '0')}T20:00:00.000Z`,
  watchedOn: null,
  rating: null,
  recommend: null,
  review: null,
  containsSpoilers: false,
  rewatch,
})

describe('a profile with more public watches than it came with', () => {
  async function showDiarist() {
    vi.spyOn(friendsCalls, 'profile').mockResolvedValue({
      ...maya('friends'),
      stats: { watched: 5, watchlist: 0, friends: 1 },
      recent: [watchOf('Heat', 9), watchOf('Alien', 8)],
      recentNextCursor: 'after-alien',
    })
    await renderProfile()
  }
  const titles = () =>
    within(screen.getByRole('region', { name: 'Recently watched' }))
      .getAllByRole('listitem')
      .map((item) => within(item).getAllByRole('link').at(-1)?.textContent)

  it('shows older ones a page at a time from where it ends, each time handing the keyboard to the first it brought', async () => {
    const watches = vi
      .spyOn(friendsCalls, 'watches')
      .mockResolvedValueOnce({ items: [watchOf('Ran', 7), watchOf('Jaws', 6)], nextCursor: 'after-jaws' })
      .mockResolvedValueOnce({ items: [watchOf('Up', 5)], nextCursor: null })
    await showDiarist()
    expect(titles()).toEqual(['Heat', 'Alien'])
    expect(watches).not.toHaveBeenCalled()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })))
    expect(watches).toHaveBeenLastCalledWith('maya', 'after-alien')
    await waitFor(() => expect(titles()).toEqual(['Heat', 'Alien', 'Ran', 'Jaws']))
    expect(document.activeElement?.textContent).toBe('Ran')

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })))
    expect(watches).toHaveBeenLastCalledWith('maya', 'after-jaws')
    await waitFor(() => expect(titles()).toEqual(['Heat', 'Alien', 'Ran', 'Jaws', 'Up']))
    expect(document.activeElement?.textContent).toBe('Up')
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('marks a rewatch as the diary does, and only a rewatch', async () => {
    vi.spyOn(friendsCalls, 'profile').mockResolvedValue({
      ...maya('friends'),
      recent: [watchOf('Heat', 9, true), watchOf('Heat', 2)],
      recentNextCursor: null,
    })
    await renderProfile()
    const items = within(screen.getByRole('region', { name: 'Recently watched' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent.includes('Rewatch'))).toEqual([true, false])
  })

  it('says when older ones could not be loaded, and tries again when asked', async () => {
    vi.spyOn(friendsCalls, 'watches')
      .mockRejectedValueOnce(new Error('no answer'))
      .mockResolvedValueOnce({ items: [watchOf('Ran', 7)], nextCursor: null })
    await showDiarist()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain("We couldn't load more of maya's watches.")
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })))
    await waitFor(() => expect(titles()).toEqual(['Heat', 'Alien', 'Ran']))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('keeps the failure and the focus while it tries again, and says when that failed too', async () => {
    let failSecond: (error: Error) => void = () => undefined
    vi.spyOn(friendsCalls, 'watches')
      .mockRejectedValueOnce(new Error('no answer'))
      .mockReturnValueOnce(new Promise((_, reject) => (failSecond = reject)))
    await showDiarist()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })))
    const alert = await screen.findByRole('alert')
    const retry = within(alert).getByRole('button', { name: 'Try again' })
    retry.focus()
    await act(async () => fireEvent.click(retry))
    const busy = within(screen.getByRole('alert')).getByRole('button', { name: 'Trying again…' })
    expect(busy.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(busy)
    await act(async () => failSecond(new Error('still no answer')))
    const again = await within(screen.getByRole('alert')).findByRole('button', { name: 'Try again' })
    expect(document.activeElement).toBe(again)
    expect(screen.getByRole('alert').textContent).toContain('Tried again, and it failed again.')
  })
})

describe('words in another script', () => {
  it('sets a bio in Arabic from the right: its direction comes from its own words', async () => {
    const bio = 'أحب أفلام الخيال العلمي. Blade Runner first.'
    const answer = maya('none')
    vi.spyOn(friendsCalls, 'profile').mockResolvedValue({ ...answer, user: { ...answer.user, bio } })
    await renderProfile()
    expect(screen.getByText(bio).getAttribute('dir')).toBe('auto')
  })
})
