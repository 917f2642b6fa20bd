import type { ActivityAnswer } from '@reelmates/contracts/feed'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { feedCalls } from '../../features/feed/feedCalls'
import { feedKeys } from '../../features/feed/feedQueries'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { removeToast } from '../../lib/toast'
import { ActivityScreen } from './ActivityScreen'

// The calls this screen makes are answered by the spec; anything else waits for ever.
neverAnsweringServer({ browserTab: true })
afterEach(() => act(() => removeToast()))

const ann = { id: 'u-ann', username: 'ann', avatarUrl: null }
const answer: ActivityAnswer = {
  activity: {
    id: 'watched:e1',
    activityType: 'watched',
    user: ann,
    target: null,
    tmdbId: 289,
    mediaType: 'movie',
    mediaTitle: 'Casablanca',
    mediaPosterPath: null,
    rating: 8,
    recommend: null,
    review: null,
    containsSpoilers: false,
    watchedAt: '2026-11-27T10:00:00.000Z',
    watchedOn: '2026-11-27',
    rewatch: false,
    createdAt: '2026-11-27T10:00:00.000Z',
    reactions: [],
    commentCount: 0,
  },
  comments: [],
}
/** What the server says of an activity its reader may no longer see: ann unfriended them. */
const gone = () => new ApiError('No such activity.', 404)

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)))

/** The activity's page as the server first answers it (`shown`), in `client`, at `router`'s address. */
function showActivity(client: QueryClient, shown: ActivityAnswer, router = routerInMemory()) {
  // Every failed request is logged by the request client; here they are the point.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const activity = vi.spyOn(feedCalls, 'activity').mockResolvedValue(shown)
  render(
    withinRouter(
      router,
      <QueryClientProvider client={client}>
        <main>
          <ActivityScreen activityId="watched:e1" />
        </main>
      </QueryClientProvider>,
    ),
  )
  return activity
}

/** A friend of ann's on her activity, writing "Me too!" into its comment box. */
async function writing() {
  const client = createQueryClient()
  const activity = showActivity(client, answer)
  const box = await screen.findByRole('textbox', { name: 'Write a comment' })
  fireEvent.change(box, { target: { value: 'Me too!' } })
  return { client, activity }
}

/** The words shown once the activity has gone, with what happened. */
function keptWords(): string {
  expect(screen.getByText("This activity isn't available")).toBeTruthy()
  expect(screen.getByRole('group', { name: "Your comment wasn't posted" })).toBeTruthy()
  return screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Your words' }).value
}

describe('the activity of a watch', () => {
  it('says "rewatched" of a rewatch, "watched" of a first watch', async () => {
    showActivity(createQueryClient(), { ...answer, activity: { ...answer.activity, rewatch: true } })
    expect(await screen.findByRole('heading', { level: 1, name: 'ann rewatched Casablanca' })).toBeTruthy()
    cleanup()
    showActivity(createQueryClient(), answer)
    expect(await screen.findByRole('heading', { level: 1, name: 'ann watched Casablanca' })).toBeTruthy()
  })
})

describe('a comment being written when its activity goes (its owner unfriended the writer)', () => {
  it('is still there, to copy, once the refused comment has taken the activity away', async () => {
    const { activity } = await writing()
    activity.mockRejectedValue(gone())
    const sent = vi.spyOn(feedCalls, 'addComment').mockRejectedValue(gone())
    fireEvent.click(screen.getByRole('button', { name: 'Comment' }))
    await settle()
    expect(sent).toHaveBeenCalledOnce()
    expect(keptWords()).toBe('Me too!')
  })

  it('is still there, to copy, when a refetch finds the activity gone while it is being typed', async () => {
    const { client, activity } = await writing()
    activity.mockRejectedValue(gone())
    await act(() => client.refetchQueries({ queryKey: feedKeys.activity('watched:e1') }))
    await settle()
    expect(keptWords()).toBe('Me too!')
  })

  it('says nothing of a comment when nothing was being written', async () => {
    const { client, activity } = await writing()
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), { target: { value: '' } })
    activity.mockRejectedValue(gone())
    await act(() => client.refetchQueries({ queryKey: feedKeys.activity('watched:e1') }))
    await settle()
    expect(screen.getByText("This activity isn't available")).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })
})

describe('an edit of my comment when its activity goes', () => {
  const me = { id: 'u-me', username: 'me', avatarUrl: null }
  const mine = {
    id: 'c1',
    user: me,
    content: 'Great film',
    createdAt: '2026-11-27T11:00:00.000Z',
    updatedAt: '2026-11-27T11:00:00.000Z',
    reactions: [],
  }

  /** My comment on ann's activity, open for editing, with `typed` in the box. */
  async function editing(typed: string) {
    const client = createQueryClient()
    client.setQueryData(currentUserKey, { ...me, email: 'me@example.com', role: 'user' })
    const activity = showActivity(client, { ...answer, comments: [mine] })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit your comment' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit your comment' }), { target: { value: typed } })
    activity.mockRejectedValue(gone())
    await act(() => client.refetchQueries({ queryKey: feedKeys.activity('watched:e1') }))
    await settle()
    expect(screen.getByText("This activity isn't available")).toBeTruthy()
  }

  it('keeps the words typed, to copy, and says they were not saved', async () => {
    await editing('Great film, better the second time')
    const kept = screen.getByRole('group', { name: "Your edit wasn't saved" })
    expect(within(kept).getByRole<HTMLTextAreaElement>('textbox', { name: 'Your words' }).value).toBe(
      'Great film, better the second time',
    )
  })

  it('says nothing when the box was only opened', async () => {
    await editing('Great film')
    expect(screen.queryByRole('group', { name: "Your edit wasn't saved" })).toBeNull()
  })
})

describe('a reaction to the activity', () => {
  it('says what was done, as the pressed toggle only changes its count', async () => {
    showActivity(createQueryClient(), answer)
    fireEvent.click(await screen.findByRole('button', { name: "❤️ 0 on ann's watch of Casablanca" }))
    expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
      "You reacted ❤️ to ann's watch of Casablanca",
    )
  })
})

describe('the address of a comment (where the bell leads)', () => {
  const comment = (id: string, content: string) => ({
    id,
    user: ann,
    content,
    createdAt: '2026-11-27T11:00:00.000Z',
    updatedAt: '2026-11-27T11:00:00.000Z',
    reactions: [],
  })
  const withComments = { ...answer, comments: [comment('c1', 'First'), comment('c2', 'Second')] }
  beforeAll(() => {
    // jsdom lays nothing out, and has no scrolling to an element.
    Element.prototype.scrollIntoView = () => undefined
  })

  async function arriveAt(href: string) {
    const router = routerInMemory()
    await router.navigate({ href })
    showActivity(createQueryClient(), withComments, router)
    await screen.findByText('Second')
    await settle()
  }

  it('hands the focus to the comment it names, once the comments have come', async () => {
    await arriveAt('/#comment-c2')
    expect(document.activeElement?.textContent).toContain('Second')
    expect(document.activeElement?.id).toBe('comment-c2')
  })

  it("leaves the focus on the screen's heading when the comment has gone", async () => {
    await arriveAt('/#comment-c9')
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }))
  })
})
