import type { PublicUser } from '@reelmates/contracts/account'
import type { FriendsAnswer } from '@reelmates/contracts/friendships'
import type { WatchedTitle } from '@reelmates/contracts/watched'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { friendsKeys } from '../../features/friends/queries'
import type { LibraryRequests } from '../../features/library/libraryCalls'
import { libraryChange } from '../../features/library/libraryChanges'
import { libraryMutations } from '../../features/library/libraryMutations'
import { libraryKeys } from '../../features/library/libraryQueries'
import { libraryTitle, newWatch, watchlistOf } from '../../features/library/testing'
import { onboardingCalls } from '../../features/onboarding/onboardingCalls'
import { createQueryClient } from '../../lib/queryClient'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { setSignedInAs } from '../../lib/signedInAs'
import { removeToast, useToasts } from '../../lib/toast'
import { GetStartedCard } from './GetStartedCard'
import { member } from '../../features/account/testing'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to }: { children: ReactNode; to: string }) => <a href={to}>{children}</a>,
}))

// The card's lists are the spec's query data; a refetch of them is sent and never answered.
neverAnsweringServer({ browserTab: true })
afterEach(() => act(() => removeToast()))
// Steps done are kept on the device: each spec starts as a new device.
afterEach(() => window.localStorage.clear())

const newbie = (onboardingCompleted: boolean) => member({ username: 'newbie', digestType: 'none', onboardingCompleted })

const watchedTitle = (tmdbId: number): WatchedTitle => ({
  tmdbId,
  mediaType: 'movie',
  timesWatched: 1,
  lastWatchedAt: '2026-11-10T20:00:00.000Z',
  rating: null,
})

const people = (count: number, name: string) =>
  Array.from({ length: count }, (_, index) => ({
    id: `pair-${name}${index}`,
    user: { id: `id-${name}${index}`, username: `${name}${index}`, avatarUrl: null },
    since: '2026-11-01T00:00:00.000Z',
    inviteCount: 1,
  }))

const friendsOf = (count: number, asking = 0): FriendsAnswer => ({
  friends: people(count, 'friend'),
  incoming: people(asking, 'asker'),
  outgoing: [],
  invitations: [],
})

function Toasts() {
  return (
    <>
      {useToasts().map((shown) => (
        <p key={shown.id}>{shown.title}</p>
      ))}
    </>
  )
}

/** Home's card for a member with these counts, on the app's query client. */
function renderCard({
  completed = false,
  watchlist = 0,
  watched = 0,
  friends = 0,
  asking = 0,
}: { completed?: boolean; watchlist?: number; watched?: number; friends?: number; asking?: number } = {}) {
  const client = createQueryClient()
  client.setQueryData(currentUserKey, newbie(completed))
  client.setQueryData(libraryKeys.watchlist(), watchlistOf(...Array.from({ length: watchlist }, (_, i) => 100 + i)))
  client.setQueryData(
    libraryKeys.watchedTitles(),
    Array.from({ length: watched }, (_, i) => watchedTitle(200 + i)),
  )
  client.setQueryData(friendsKeys.list(), friendsOf(friends, asking))
  render(
    <QueryClientProvider client={client}>
      <GetStartedCard />
      <a href="/home#row">The first row</a>
      <Toasts />
    </QueryClientProvider>,
  )
  return client
}

const card = () => screen.queryByRole('region', { name: 'Get started' })
const steps = () =>
  within(screen.getByRole('region', { name: 'Get started' }))
    .getAllByRole('listitem')
    .map((step) => step.querySelector('p')?.textContent)

describe('the Get started card on home', () => {
  it('greets a new member with three steps, none done', () => {
    renderCard()
    expect(card()).not.toBeNull()
    expect(steps()).toEqual([
      'Not done yet: Add a title to your watchlist',
      'Not done yet: Log something you’ve watched',
      'Not done yet: Add a friend',
    ])
    expect(screen.getByText('0 of 3 steps done.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'search for a title' }).getAttribute('href')).toBe('/search')
    expect(screen.getByRole('link', { name: 'Friends' }).getAttribute('href')).toBe('/friends')
  })

  it('checks each step from the member’s own lists, and again when a list changes', async () => {
    const client = renderCard({ watched: 2 })
    expect(steps()).toEqual([
      'Not done yet: Add a title to your watchlist',
      'Done: Log something you’ve watched',
      'Not done yet: Add a friend',
    ])
    // As the refetch after adding a title answers.
    client.setQueryData(libraryKeys.watchlist(), watchlistOf(603))
    await waitFor(() => expect(steps()[0]).toBe('Done: Add a title to your watchlist'))
    expect(screen.getByText('2 of 3 steps done.')).toBeTruthy()
  })

  it('asks to answer a friend request while "Add a friend" is not done, and reads like a done step once it is', () => {
    const hint = () =>
      within(screen.getByRole('region', { name: 'Get started' }))
        .getAllByRole('listitem')[2]
        ?.querySelectorAll('p')[1]?.textContent
    renderCard({ asking: 1 })
    expect(hint()).toBe('Someone asked to be your friend: answer on Friends.')
    cleanup()
    renderCard({ friends: 1, asking: 1 })
    expect(hint()).toBe('Find people by username or invite them by email on Friends.')
  })

  it('keeps a step done once it was: logging the title just added empties the watchlist', async () => {
    const client = renderCard({ watchlist: 1 })
    await waitFor(() => expect(steps()[0]).toBe('Done: Add a title to your watchlist'))
    // "Log it" with "Also remove from watchlist", as it comes: the title moves to the watched log.
    act(() => {
      client.setQueryData(libraryKeys.watchlist(), watchlistOf())
      client.setQueryData(libraryKeys.watchedTitles(), [watchedTitle(100)])
    })
    await waitFor(() => expect(steps()[1]).toBe('Done: Log something you’ve watched'))
    expect(steps()[0]).toBe('Done: Add a title to your watchlist')
    expect(screen.getByText('2 of 3 steps done.')).toBeTruthy()
    // On this device, after a reload too.
    cleanup()
    renderCard({ watched: 1 })
    expect(steps()[0]).toBe('Done: Add a title to your watchlist')
  })

  it('keeps a step done away from home: a title added and logged off the watchlist on its own page', async () => {
    // The title's page, with the card nowhere on screen: the server takes both changes.
    setSignedInAs(newbie(false).id)
    const requests: LibraryRequests = {
      get: () => Promise.resolve([] as never),
      send: () => Promise.resolve({} as never),
    }
    const titlePage = createQueryClient()
    const { addToWatchlist, markWatched } = libraryMutations(requests)
    const film = libraryTitle(603)
    await titlePage.getMutationCache().build(titlePage, addToWatchlist).execute(libraryChange.addToWatchlist(film))
    await titlePage
      .getMutationCache()
      .build(titlePage, markWatched)
      .execute(libraryChange.markWatched(film, newWatch(), true))
    // Home, then: the watchlist is empty again, and no list ever showed the title on it here.
    renderCard({ watched: 1 })
    expect(steps()).toEqual([
      'Done: Add a title to your watchlist',
      'Done: Log something you’ve watched',
      'Not done yet: Add a friend',
    ])
    expect(screen.getByText('2 of 3 steps done.')).toBeTruthy()
  })

  it('is gone at once on Hide, which records onboardingCompleted, and the keyboard goes on past it', async () => {
    const complete = vi.spyOn(onboardingCalls, 'complete').mockResolvedValue(newbie(true))
    const client = renderCard({ watchlist: 1 })
    const hide = screen.getByRole('button', { name: 'Hide Get started' })
    hide.focus()
    fireEvent.click(hide)
    // Before the server answers.
    await waitFor(() => expect(card()).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'The first row' }))
    expect(complete).toHaveBeenCalledTimes(1)
    expect(client.getQueryData<PublicUser>(currentUserKey)?.onboardingCompleted).toBe(true)
  })

  it('comes back with a toast when Hide is refused', async () => {
    let refuse: (error: Error) => void = () => undefined
    vi.spyOn(onboardingCalls, 'complete').mockReturnValue(new Promise((_, reject) => (refuse = reject)))
    renderCard()
    fireEvent.click(screen.getByRole('button', { name: 'Hide Get started' }))
    await waitFor(() => expect(card()).toBeNull())
    refuse(new Error('Server error'))
    await waitFor(() => expect(card()).not.toBeNull())
    expect(screen.getByText("Couldn't hide Get started")).toBeTruthy()
  })

  it('is recorded quietly, never shown, for a member who had done every step before it came', async () => {
    const complete = vi.spyOn(onboardingCalls, 'complete').mockResolvedValue(newbie(true))
    renderCard({ watchlist: 3, watched: 5, friends: 2 })
    await waitFor(() => expect(complete).toHaveBeenCalledTimes(1))
    expect(card()).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(card()).toBeNull()
  })

  it('says "You’re all set" once every step is done, records it once, and goes on Done', async () => {
    const complete = vi.spyOn(onboardingCalls, 'complete').mockResolvedValue(newbie(true))
    const client = renderCard({ watchlist: 1, watched: 1, friends: 0 })
    expect(card()).not.toBeNull()
    // The last step done while the card is on screen.
    client.setQueryData(friendsKeys.list(), friendsOf(1))
    await waitFor(() => expect(complete).toHaveBeenCalledTimes(1))
    expect(screen.getByText('You’re all set: all three steps are done.')).toBeTruthy()
    // Another change to the lists does not send it again.
    client.setQueryData(libraryKeys.watchlist(), watchlistOf(1, 2))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(complete).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Done with Get started' }))
    await waitFor(() => expect(card()).toBeNull())
    expect(complete).toHaveBeenCalledTimes(1)
  })

  it('is not shown to a member who completed it, nor asks for their friends list', () => {
    const complete = vi.spyOn(onboardingCalls, 'complete')
    renderCard({ completed: true })
    expect(card()).toBeNull()
    expect(complete).not.toHaveBeenCalled()
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([input]) => (input instanceof Request ? input.url : input.toString()))
    expect(asked.filter((path) => path.includes('/api/friendships'))).toEqual([])
  })
})
