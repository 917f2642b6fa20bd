import { onlineManager, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { resetRequestClient } from '../../lib/api'
import { createQueryClient } from '../../lib/queryClient'
import { removeToast, useToasts } from '../../lib/toast'
import { heldServer } from './heldServer'
import { libraryKeys } from './libraryQueries'
import { libraryTitle, watchedItem, watchlistOf, newWatch } from './testing'
import { useWatchlist } from './useLibrary'
import {
  useAddToWatchlist,
  useEditWatched,
  useEditWatchlistNote,
  useMarkWatched,
  useMoveOnWatchlist,
  usePutBackOnWatchlist,
  usePutBackWatched,
  useRemoveFromWatchlist,
  useRemoveWatched,
  useStepOnWatchlist,
} from './useLibraryChanges'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  resetRequestClient()
  onlineManager.setOnline(true)
  act(() => removeToast())
})

const ids = (items: { tmdbId: number }[] | undefined) => items?.map((item) => item.tmdbId)
const film = (tmdbId: number) => ({ tmdbId, mediaType: 'movie' })

/** The watchlist screen's hooks, on the app's query client and request client, against a held server. */
async function setup() {
  let server = watchlistOf(1, 2, 3)
  const held = heldServer(() => server)
  vi.stubGlobal('fetch', vi.fn(held.fetch))
  // The request client reports every refused request on the console; the specs read the toast instead.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const queryClient = createQueryClient()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  const screen = renderHook(
    () => ({
      watchlist: useWatchlist(),
      toasts: useToasts(),
      add: useAddToWatchlist(),
      remove: useRemoveFromWatchlist(),
      putBack: usePutBackOnWatchlist(),
      move: useMoveOnWatchlist(),
      step: useStepOnWatchlist(),
      mark: useMarkWatched(),
      removeWatched: useRemoveWatched(),
      putBackWatched: usePutBackWatched(),
      editNote: useEditWatchlistNote(),
      editWatched: useEditWatched(),
    }),
    { wrapper },
  )
  await waitFor(() => expect(ids(screen.result.current.watchlist.items)).toEqual([1, 2, 3]))
  const shown = () => ids(screen.result.current.watchlist.items)
  const cached = () => ids(queryClient.getQueryData<WatchlistItem[]>(libraryKeys.watchlist()))
  /** Starts a change as a click would: inside act, without waiting for its answer. */
  const click = <T,>(change: (actions: typeof screen.result.current) => Promise<T>): Promise<T> => {
    let started!: Promise<T>
    act(() => {
      started = change(screen.result.current)
    })
    return started
  }
  return { held, screen, wrapper, shown, cached, click, setServer: (items: WatchlistItem[]) => (server = items) }
}

describe('library changes on a slow network', () => {
  it('shows each change before any answer but sends the next only after the previous has answered', async () => {
    const { held, shown, click } = await setup()
    void click((actions) => actions.add(libraryTitle(4)))
    await waitFor(() => expect(shown()).toEqual([1, 2, 3, 4]))
    void click((actions) => actions.move(libraryTitle(4), 0, actions.watchlist.items ?? []))
    await waitFor(() => expect(shown()).toEqual([4, 1, 2, 3]))
    expect(held.sent()).toEqual(['POST /api/watchlist'])
    held.change(0).answer({ position: '10' })
    await waitFor(() => expect(held.sent()).toEqual(['POST /api/watchlist', 'POST /api/watchlist/movie/4/move']))
    expect(held.change(1).body).toEqual({ after: null })
    expect(shown()).toEqual([4, 1, 2, 3])
  })

  it('takes back only the refused change, keeps the later ones, and says why', async () => {
    const { held, screen, shown, click } = await setup()
    const refused = click((actions) => actions.remove(libraryTitle(2)))
    void click((actions) => actions.move(libraryTitle(3), 0, actions.watchlist.items ?? []))
    await waitFor(() => expect(shown()).toEqual([3, 1]))
    expect(held.changes).toHaveLength(1)
    // Not "not on your watchlist": a removal the server finds done already is done (libraryMutations.ts).
    held.change(0).refuse(500, 'Internal server error')
    expect(await refused).toBe(false)
    await waitFor(() => expect(shown()).toEqual([3, 1, 2]))
    expect(screen.result.current.toasts).toMatchObject([
      {
        title: "Couldn't remove Film 2 from your watchlist",
        description: 'Internal server error',
        variant: 'destructive',
      },
    ])
  })

  it('offers to save a note over one another device changed since, with the words that were refused', async () => {
    const { held, screen, click } = await setup()
    const refused = click((actions) => actions.editNote(libraryTitle(2), 'B: Mum says skip it', null))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    expect(held.change(0).body).toEqual({ note: 'B: Mum says skip it', previousNote: null })
    held.change(0).refuse(409, 'This note was changed on another device since you opened it.')
    expect(await refused).toBe(false)
    const [toast] = screen.result.current.toasts
    expect(toast).toMatchObject({
      title: "Couldn't save the note",
      description: 'This note was changed on another device since you opened it. Yours: “B: Mum says skip it”',
      action: { label: 'Save mine' },
    })

    act(() => toast?.action?.onClick())
    await waitFor(() => expect(held.changes).toHaveLength(2))
    expect(held.change(1).method).toBe('PATCH')
    expect(held.change(1).body).toEqual({ note: 'B: Mum says skip it' })
    expect(held.change(1).idempotencyKey).not.toBe(held.change(0).idempotencyKey)
  })

  it('offers to save a review over one another device changed since, with the whole refused edit', async () => {
    const { held, screen, click } = await setup()
    const refused = click((actions) => actions.editWatched('w1', { review: 'B: too long', rating: 9 }, null))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    expect(held.change(0).body).toEqual({ review: 'B: too long', rating: 9, previousReview: null })
    held.change(0).refuse(409, 'This review was changed on another device since you opened it.')
    expect(await refused).toBe(false)
    const [toast] = screen.result.current.toasts
    expect(toast).toMatchObject({
      title: "Couldn't save your changes",
      description: 'This review was changed on another device since you opened it. Yours: “B: too long”',
      action: { label: 'Save mine' },
    })

    act(() => toast?.action?.onClick())
    await waitFor(() => expect(held.changes).toHaveLength(2))
    expect(held.change(1).method).toBe('PATCH')
    expect(held.change(1).body).toEqual({ review: 'B: too long', rating: 9 })
  })

  it('gives back a review written for an entry removed on another device, whole on the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }))
    const review = `Written on the bus. ${'Every word of it matters. '.repeat(6)}`
    const { held, screen, click } = await setup()
    const refused = click((actions) => actions.editWatched('w1', { review }, null))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    held.change(0).refuse(404, 'This entry is not in your watched log.')
    expect(await refused).toBe(false)
    const [toast] = screen.result.current.toasts
    expect(toast).toMatchObject({
      title: "Couldn't save your changes",
      description: `This entry is not in your watched log. Yours: “${review.slice(0, 119)}…”`,
      action: { label: 'Copy yours' },
    })

    act(() => toast?.action?.onClick())
    expect(writeText).toHaveBeenCalledWith(review)
    expect(held.changes).toHaveLength(1)
  })

  it('gives back a note written for a title taken off the watchlist on another device', async () => {
    const { held, screen, click } = await setup()
    const refused = click((actions) => actions.editNote(libraryTitle(2), 'For Sunday with the kids', null))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    held.change(0).refuse(404, 'This title is not on your watchlist.')
    expect(await refused).toBe(false)
    expect(screen.result.current.toasts).toMatchObject([
      {
        title: "Couldn't save the note",
        description: 'This title is not on your watchlist. Yours: “For Sunday with the kids”',
        action: { label: 'Copy yours' },
      },
    ])
  })

  it('sends no review basis with an edit that leaves the review alone, and tells its refusal as usual', async () => {
    const { held, screen, click } = await setup()
    const refused = click((actions) => actions.editWatched('w1', { rating: 9 }, 'A: the score!'))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    expect(held.change(0).body).toEqual({ rating: 9 })
    held.change(0).refuse(404, 'This entry is not in your watched log.')
    expect(await refused).toBe(false)
    expect(screen.result.current.toasts).toMatchObject([
      { title: "Couldn't save your changes", description: 'This entry is not in your watched log.' },
    ])
    expect(screen.result.current.toasts[0]?.action).toBeUndefined()
  })

  it("folds answered changes into the cached list, then reads the server's list at the last position once all have answered", async () => {
    const { held, shown, cached, click, setServer } = await setup()
    const readsBefore = held.reads.length
    const added = click((actions) => actions.add(libraryTitle(4)))
    const moved = click((actions) => actions.move(libraryTitle(4), 1, actions.watchlist.items ?? []))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    held.change(0).answer({ position: '10' })
    await waitFor(() => expect(held.changes).toHaveLength(2))
    expect(cached()).toEqual([1, 2, 3, 4])
    expect(held.reads).toHaveLength(readsBefore) // nothing is fetched while a change is still on its way
    // Meanwhile the user also dropped title 2 on another device: the server's list has the last word.
    setServer(watchlistOf(1, 4, 3))
    held.change(1).answer({ position: '11' })
    expect(await added).toBe(true)
    expect(await moved).toBe(true)
    await waitFor(() => expect(shown()).toEqual([1, 4, 3]))
    expect(held.reads.slice(readsBefore)).toEqual([
      { path: '/api/watchlist?page=1&pageSize=500&sort=order', minPosition: '11' },
    ])
  })

  it('shows each change once when a read lands holding the change the server took but has not answered', async () => {
    const { held, wrapper, shown, click, setServer } = await setup()
    void click((actions) => actions.move(libraryTitle(1), 1, actions.watchlist.items ?? []))
    void click((actions) => actions.move(libraryTitle(2), 2, actions.watchlist.items ?? []))
    await waitFor(() => expect(shown()).toEqual([1, 3, 2]))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    // The server took the first move, its answer is still on the way, and a title card mounts and
    // reads the watchlist: that read holds the first move, not the second (sent only after it).
    setServer(watchlistOf(2, 1, 3))
    const readsBefore = held.reads.length
    const card = renderHook(() => useWatchlist(), { wrapper })
    await waitFor(() => expect(held.reads.length).toBeGreaterThan(readsBefore))
    await waitFor(() => expect(ids(card.result.current.items)).toEqual([1, 3, 2]))
    expect(shown()).toEqual([1, 3, 2])
    held.change(0).answer({ position: '10' })
    await waitFor(() => expect(held.changes).toHaveLength(2))
    setServer(watchlistOf(1, 3, 2))
    held.change(1).answer({ position: '11' })
    await waitFor(() => expect(held.reads.at(-1)).toMatchObject({ minPosition: '11' }))
    await waitFor(() => expect(shown()).toEqual([1, 3, 2]))
  })

  it('takes a step from where the title is when it is taken: two quick steps up are two places', async () => {
    const { held, shown, click } = await setup()
    void click((actions) => actions.step(libraryTitle(3), 'up'))
    void click((actions) => actions.step(libraryTitle(3), 'up'))
    await waitFor(() => expect(shown()).toEqual([3, 1, 2]))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    held.change(0).answer({ position: '10' })
    await waitFor(() => expect(held.changes).toHaveLength(2))
    expect(held.changes.map((change) => change.body)).toEqual([{ before: film(2) }, { after: null }])
    // Nothing to take it further: a step past the top sends nothing.
    expect(await click((actions) => actions.step(libraryTitle(3), 'up'))).toBe(false)
    expect(held.changes).toHaveLength(2)
  })

  it('puts a removed title back in its old place when the removal is undone', async () => {
    const { held, shown, click } = await setup()
    const removed = watchlistOf(1, 2, 3)[1]
    if (!removed) throw new Error('no second title')
    void click((actions) => actions.remove(removed))
    await waitFor(() => expect(shown()).toEqual([1, 3]))
    void click((actions) => actions.putBack(removed))
    await waitFor(() => expect(shown()).toEqual([1, 2, 3]))
    for (let index = 0; index < 2; index++) {
      await waitFor(() => expect(held.changes).toHaveLength(index + 1))
      held.change(index).answer({ position: String(20 + index) })
    }
    expect(held.changes.map((call) => `${call.method} ${call.path} ${JSON.stringify(call.body ?? '')}`)).toEqual([
      'DELETE /api/watchlist/movie/2 ""',
      // Put back as it was (its date added, note, recommendation and place are the server's to restore).
      'POST /api/watchlist/movie/2/restore ""',
    ])
    await waitFor(() => expect(shown()).toEqual([1, 2, 3]))
  })

  it('keeps changes made offline, in order, and sends them when the connection is back', async () => {
    const { held, shown, click } = await setup()
    act(() => onlineManager.setOnline(false))
    void click((actions) => actions.add(libraryTitle(4)))
    await waitFor(() => expect(shown()).toEqual([1, 2, 3, 4]))
    void click((actions) => actions.move(libraryTitle(4), 0, actions.watchlist.items ?? []))
    await waitFor(() => expect(shown()).toEqual([4, 1, 2, 3]))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(held.changes).toHaveLength(0)
    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(held.sent()).toEqual(['POST /api/watchlist']))
    held.change(0).answer({ position: '10' })
    await waitFor(() => expect(held.sent()).toEqual(['POST /api/watchlist', 'POST /api/watchlist/movie/4/move']))
    // Sent later, on a list that may have changed meanwhile: it still says the place by its neighbour.
    expect(held.change(1).body).toEqual({ after: null })
  })
})

describe('moving titles on a list another tab has changed', () => {
  const shownNow = (actions: { watchlist: { items?: WatchlistItem[] | undefined } }) => actions.watchlist.items ?? []

  it('says every move by the neighbour the title lands next to on the list shown', async () => {
    const { held, shown, click, setServer } = await setup()
    const sent = async (move: Parameters<typeof click>[0]) => {
      const before = held.changes.length
      const done = click(move)
      await waitFor(() => expect(held.changes).toHaveLength(before + 1))
      const change = held.change(before)
      setServer(watchlistOf(1, 2, 3)) // the server keeps the list as shown, so each move starts from it
      change.answer({ position: String(10 + before) })
      await done
      await waitFor(() => expect(held.reads.at(-1)).toMatchObject({ minPosition: String(10 + before) }))
      await waitFor(() => expect(shown()).toEqual([1, 2, 3]))
      return change.body
    }
    // Dragged: later lands after the title it was dropped on, earlier before it, and either end is first or last.
    expect(await sent((actions) => actions.move(libraryTitle(1), 1, shownNow(actions)))).toEqual({ after: film(2) })
    expect(await sent((actions) => actions.move(libraryTitle(3), 1, shownNow(actions)))).toEqual({ before: film(2) })
    expect(await sent((actions) => actions.move(libraryTitle(3), 0, shownNow(actions)))).toEqual({ after: null })
    expect(await sent((actions) => actions.move(libraryTitle(1), 2, shownNow(actions)))).toEqual({ before: null })
    // The buttons and the menu: a place earlier or later, to the top or the bottom.
    expect(await sent((actions) => actions.step(libraryTitle(2), 'down'))).toEqual({ before: null })
    expect(await sent((actions) => actions.step(libraryTitle(1), 'down'))).toEqual({ after: film(2) })
    expect(await sent((actions) => actions.step(libraryTitle(2), 'up'))).toEqual({ after: null })
    expect(await sent((actions) => actions.step(libraryTitle(3), 'up'))).toEqual({ before: film(2) })
    expect(await sent((actions) => actions.step(libraryTitle(3), 'top'))).toEqual({ after: null })
    expect(await sent((actions) => actions.step(libraryTitle(1), 'bottom'))).toEqual({ before: null })
  })

  it("shows the server's list and says why when the move is refused as stale", async () => {
    const { held, screen, shown, click, setServer } = await setup()
    const refused = click((actions) => actions.step(libraryTitle(1), 'down'))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    expect(shown()).toEqual([2, 1, 3])
    // Meanwhile another tab took title 2 off and moved 3 to the top.
    setServer(watchlistOf(3, 1))
    held.change(0).refuse(409, 'Your watchlist changed on another device; here it is now.')
    expect(await refused).toBe(false)
    await waitFor(() => expect(shown()).toEqual([3, 1]))
    expect(screen.result.current.toasts).toMatchObject([
      {
        title: "Couldn't move that title",
        description: 'Your watchlist changed on another device; here it is now.',
        variant: 'destructive',
      },
    ])
  })
})

describe('logging watches', () => {
  it('gives back the review of a watch refused after signing out in another tab, to copy', async () => {
    const { held, screen, click } = await setup()
    const review = 'Slow first hour, then it never lets go.'
    const refused = click((actions) => actions.mark(libraryTitle(7), newWatch({ rating: 8, review }), false))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    held.change(0).refuse(401, 'You need to sign in first')
    expect(await refused).toBe(false)
    expect(screen.result.current.toasts).toMatchObject([
      {
        title: "Couldn't log your watch",
        description: `You need to sign in first. Your review: “${review}”`,
        action: { label: 'Copy yours' },
      },
    ])
  })

  it("leaves a watch's time to the server when none was picked", async () => {
    const { held, click } = await setup()
    const fields = newWatch({ rating: 8 })
    void click((actions) => actions.mark(libraryTitle(7), fields, false))
    void click((actions) => actions.mark(libraryTitle(8), { ...fields, watchedAt: '2026-11-01T12:00:00.000Z' }, false))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    expect(held.change(0).body).not.toHaveProperty('watchedAt')
    expect(held.change(0).body).toMatchObject({ tmdbId: 7, rating: 8 })
    held.change(0).answer({ position: '10', entryId: 'e7' })
    await waitFor(() => expect(held.changes).toHaveLength(2))
    expect(held.change(1).body).toMatchObject({ tmdbId: 8, watchedAt: '2026-11-01T12:00:00.000Z' })
  })

  it('puts a removed diary entry back as the same entry, after its removal', async () => {
    const { held, click } = await setup()
    const entry = watchedItem('e1', 5, { rating: 9, review: 'The last act still lands.', isPrivate: true })
    void click((actions) => actions.removeWatched(entry.id))
    void click((actions) => actions.putBackWatched(entry))
    await waitFor(() => expect(held.changes).toHaveLength(1))
    held.change(0).answer({ position: '10' })
    await waitFor(() => expect(held.sent()).toEqual(['DELETE /api/watched/e1', 'POST /api/watched/e1/restore']))
    expect(held.change(1).body).toBeUndefined()
  })
})
