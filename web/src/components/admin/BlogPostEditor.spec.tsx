import type { AdminBlogPost } from '@reelmates/contracts/blog'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { blogCalls } from '../../features/blog/blogCalls'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { BlogPostEditorScreen } from './BlogPostEditor'

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const post: AdminBlogPost = {
  id: 'post-1',
  title: 'Festival notes',
  slug: 'festival-notes',
  content: 'Every film of the week.',
  excerpt: 'What we saw.',
  featuredImageUrl: null,
  categoryIds: [],
  published: false,
  publishedAt: null,
  authorId: 'admin-1',
  createdAt: '2026-11-20T20:00:00.000Z',
  updatedAt: '2026-11-20T20:00:00.000Z',
}

async function openEditor(id = post.id, opened = post) {
  vi.spyOn(blogCalls, 'adminPost').mockResolvedValue(opened)
  vi.spyOn(blogCalls, 'categories').mockResolvedValue([])
  const router = routerInMemory()
  render(
    withinRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <BlogPostEditorScreen id={id} />
      </QueryClientProvider>,
    ),
  )
  await screen.findByLabelText('Title')
  return router
}

const typeTitle = (title: string) => fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } })
const leave = (router: ReturnType<typeof routerInMemory>) =>
  act(async () => {
    router.history.push('/elsewhere')
    await Promise.resolve()
  })
const asked = () => screen.queryByRole('dialog', { name: 'Leave this page?' })
/** Leaving with the changes unsaved is asked about first; Stay keeps the editor. */
async function askedAndStayed(router: ReturnType<typeof routerInMemory>) {
  await leave(router)
  await screen.findByRole('dialog', { name: 'Leave this page?' })
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
  expect(where(router)).toBe('/')
}

describe('the blog post editor', () => {
  it('asks before leaving a title typed and not saved', async () => {
    const router = await openEditor()
    typeTitle('Festival notes, day two')
    await leave(router)
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeTruthy()
    expect(where(router)).toBe('/')
  })

  it('lets go of a title typed back to what was saved', async () => {
    const router = await openEditor()
    typeTitle('Festival notes, day two')
    await askedAndStayed(router)
    typeTitle('Festival notes')
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })

  it('lets go once the changes are saved', async () => {
    const router = await openEditor()
    vi.spyOn(blogCalls, 'savePost').mockImplementation((_id, input) =>
      Promise.resolve({ ...post, ...input, updatedAt: '2026-11-20T21:00:00.000Z' }),
    )
    typeTitle('Festival notes, day two')
    await askedAndStayed(router)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })

  it('goes to a new draft’s own page once it is saved, without asking', async () => {
    const router = await openEditor('new')
    vi.spyOn(blogCalls, 'createPost').mockResolvedValue(post)
    typeTitle('Festival notes')
    await askedAndStayed(router)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })))
    await waitFor(() => expect(where(router)).toBe('/admin/blog/posts/post-1'))
    expect(asked()).toBeNull()
  })

  it('marks the fields a save was refused for, reads each its problem, and puts the focus on the first', async () => {
    await openEditor('new')
    const created = vi.spyOn(blogCalls, 'createPost')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save draft' })))
    const title = screen.getByLabelText('Title')
    await waitFor(() => expect(document.activeElement).toBe(title))
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Title is required')
    expect(created).not.toHaveBeenCalled()
  })

  it('publishes once on a double click: the second click does nothing', async () => {
    await openEditor()
    const saved = vi.spyOn(blogCalls, 'savePost').mockResolvedValue({ ...post, updatedAt: '2026-11-20T21:00:00.000Z' })
    const published = vi
      .spyOn(blogCalls, 'publish')
      .mockResolvedValue({ ...post, published: true, updatedAt: '2026-11-20T21:00:01.000Z' })
    const publish = screen.getByRole('button', { name: 'Publish' })
    fireEvent.click(publish)
    fireEvent.click(publish)
    await waitFor(() => expect(published).toHaveBeenCalledOnce())
    expect(saved).toHaveBeenCalledOnce()
  })

  it('asks before taking a published post off the news; Keep it published changes nothing, Unpublish does', async () => {
    const live = { ...post, published: true, publishedAt: '2026-11-20T21:00:00.000Z' }
    await openEditor(post.id, live)
    const saved = vi.spyOn(blogCalls, 'savePost').mockResolvedValue(live)
    const unpublished = vi
      .spyOn(blogCalls, 'unpublish')
      .mockResolvedValue({ ...post, updatedAt: '2026-11-20T21:00:01.000Z' })
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }))
    const dialog = screen.getByRole('dialog', { name: 'Unpublish “Festival notes”?' })
    expect(within(dialog).getByText(/^It leaves the news and the RSS feed now/)).toBeTruthy()
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it published' })))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(unpublished).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }))
    const again = screen.getByRole('dialog', { name: 'Unpublish “Festival notes”?' })
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Unpublish' })))
    await waitFor(() => expect(unpublished).toHaveBeenCalledWith('post-1'))
    expect(saved).toHaveBeenCalledOnce()
  })

  it('asks before deleting the post, with Cancel as the way out (as the app’s other deletes), and Cancel keeps it', async () => {
    await openEditor()
    const deleted = vi.spyOn(blogCalls, 'deletePost')
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Festival notes”?' })
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Delete post'])
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(deleted).not.toHaveBeenCalled()
  })

  it('tells of a published post’s delete that it leaves the news and the feed', async () => {
    await openEditor(post.id, { ...post, published: true, publishedAt: '2026-11-20T21:00:00.000Z' })
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Festival notes”?' })
    expect(within(dialog).getByText(/^It leaves the news and the RSS feed/)).toBeTruthy()
  })

  it('does not tell of a draft’s delete that it leaves a news and feed it was never on', async () => {
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Delete post' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete “Festival notes”?' })
    expect(within(dialog).queryByText(/leaves the news/)).toBeNull()
    expect(within(dialog).getByText(/^It is a draft, on neither the news nor the RSS feed/)).toBeTruthy()
  })

  it('saves once on a double click', async () => {
    await openEditor()
    const saved = vi.spyOn(blogCalls, 'savePost').mockResolvedValue({ ...post, updatedAt: '2026-11-20T21:00:00.000Z' })
    const save = screen.getByRole('button', { name: 'Save' })
    fireEvent.click(save)
    fireEvent.click(save)
    await waitFor(() => expect(saved).toHaveBeenCalled())
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    expect(saved).toHaveBeenCalledOnce()
  })
})
