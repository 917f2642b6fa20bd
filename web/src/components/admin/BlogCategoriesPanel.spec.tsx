import type { AdminBlogCategory } from '@reelmates/contracts/blog'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { blogCalls } from '../../features/blog/blogCalls'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { BlogCategoriesPanel } from './BlogCategoriesPanel'

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const roundups: AdminBlogCategory = {
  id: 'c1',
  name: 'Release Roundups',
  slug: 'release-roundups',
  description: null,
  postCount: 0,
  draftCount: 1,
}

// Finding a button by its accessible name takes jsdom over the default second on a busy machine.
const slowJsdom = { timeout: 5000 }

function showCategories(categories: AdminBlogCategory[]) {
  vi.spyOn(blogCalls, 'adminCategories').mockResolvedValue(categories)
  const deleteCategory = vi.spyOn(blogCalls, 'deleteCategory').mockResolvedValue({ message: 'Deleted' })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BlogCategoriesPanel />
    </QueryClientProvider>,
  )
  return deleteCategory
}

describe('the blog categories panel', () => {
  it('says how many of a category’s posts are published and how many are drafts', async () => {
    showCategories([roundups, { ...roundups, id: 'c2', name: 'Festivals', postCount: 3, draftCount: 0 }])
    expect(await screen.findByText('0 published · 1 draft', undefined, slowJsdom)).toBeTruthy()
    expect(screen.getByText('3 published')).toBeTruthy()
  })

  it('asks before deleting a category, saying how many posts lose it', async () => {
    const deleteCategory = showCategories([{ ...roundups, postCount: 2 }])
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Release Roundups' }, slowJsdom))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete “Release Roundups”?')
    expect(dialog.textContent).toContain('It is on 3 posts (2 published, 1 draft), which stay without it.')
    expect(deleteCategory).not.toHaveBeenCalled()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete category' }))
    await waitFor(() => expect(deleteCategory).toHaveBeenCalledWith('c1'), slowJsdom)
  })

  it('deletes nothing when the admin keeps the category', async () => {
    const deleteCategory = showCategories([roundups])
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Release Roundups' }, slowJsdom))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(deleteCategory).not.toHaveBeenCalled()
  })
})

describe('the keyboard after deleting a category', () => {
  const category = (name: string): AdminBlogCategory => ({ ...roundups, id: name, name, slug: name.toLowerCase() })

  /** The categories listed, then `after` once the deletion has been answered; deletes `name` from the keyboard. */
  async function deleteFromTheKeyboard(before: string[], name: string, after: string[]) {
    vi.spyOn(blogCalls, 'adminCategories')
      .mockResolvedValueOnce(before.map(category))
      .mockResolvedValue(after.map(category))
    vi.spyOn(blogCalls, 'deleteCategory').mockResolvedValue({ message: 'Deleted' })
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BlogCategoriesPanel />
      </QueryClientProvider>,
    )
    const opener = await screen.findByRole('button', { name: `Delete ${name}` }, slowJsdom)
    opener.focus()
    fireEvent.click(opener)
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete category' })),
    )
    await waitFor(() => expect(screen.queryByText(name)).toBeNull(), slowJsdom)
  }

  it('goes to the next category’s Delete once the deleted one’s row has gone', async () => {
    await deleteFromTheKeyboard(['Festivals', 'Interviews', 'Reviews'], 'Interviews', ['Festivals', 'Reviews'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Reviews' }))
  })

  it('goes to the category before when the deleted one was the last of the list', async () => {
    await deleteFromTheKeyboard(['Festivals', 'Interviews'], 'Interviews', ['Festivals'])
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Festivals' }))
  })

  it('goes to the heading when no category is left', async () => {
    await deleteFromTheKeyboard(['Festivals'], 'Festivals', [])
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Categories' }))
  })
})

describe('editing a category', () => {
  it('takes the focus to the form the Edit opened, and gives it back to that Edit on Cancel', async () => {
    showCategories([roundups, { ...roundups, id: 'c2', name: 'Festivals', slug: 'festivals' }])
    const edit = await screen.findByRole('button', { name: 'Edit Festivals' }, slowJsdom)
    edit.focus()
    fireEvent.click(edit)
    const form = screen.getByRole('form', { name: 'Category' })
    expect(within(form).getByRole('heading').textContent).toBe('Edit Festivals')
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'))
    expect((document.activeElement as HTMLInputElement).value).toBe('Festivals')

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }))
    // A new form, for a new category.
    expect(within(screen.getByRole('form', { name: 'Category' })).getByRole('heading').textContent).toBe(
      'Add a category',
    )
    expect(document.activeElement).toBe(edit)
  })

  it('leaves the focus where it is when a new category is added', async () => {
    showCategories([roundups])
    vi.spyOn(blogCalls, 'createCategory').mockResolvedValue({ ...roundups, id: 'c3', name: 'Awards', slug: 'awards' })
    const form = await screen.findByRole('form', { name: 'Category' }, slowJsdom)
    const name = within(form).getByLabelText('Name')
    expect(document.activeElement).not.toBe(name)
    fireEvent.change(name, { target: { value: 'Awards' } })
    name.focus()
    await act(async () => fireEvent.submit(form))
    await waitFor(() => expect((name as HTMLInputElement).value).toBe(''), slowJsdom)
    expect(document.activeElement).toBe(name)
  })

  it('says beside the slug what is wrong with it, sends nothing, and hands the field the keyboard', async () => {
    showCategories([roundups])
    const create = vi.spyOn(blogCalls, 'createCategory')
    const form = await screen.findByRole('form', { name: 'Category' }, slowJsdom)
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Awards' } })
    const slug = within(form).getByLabelText('Category slug')
    fireEvent.change(slug, { target: { value: 'Release Roundups' } })
    await act(async () => fireEvent.submit(form))

    expect(create).not.toHaveBeenCalled()
    const said = within(form).getByRole('alert')
    expect(said.textContent).toBe('Slug may contain only lowercase letters, digits and single hyphens')
    expect(slug.getAttribute('aria-invalid')).toBe('true')
    expect(slug.getAttribute('aria-describedby')).toBe(said.id)
    expect(document.activeElement).toBe(slug)
    // Typing in the field settles it.
    fireEvent.change(slug, { target: { value: 'awards' } })
    expect(within(form).queryByRole('alert')).toBeNull()
    expect(slug.getAttribute('aria-invalid')).toBeNull()
  })

  it('shows the server’s word on a field beside it, as the post editor does', async () => {
    showCategories([roundups])
    vi.spyOn(blogCalls, 'createCategory').mockRejectedValue(
      new ApiError('Please check the form', 400, {}, { name: 'A category is already called that' }),
    )
    const form = await screen.findByRole('form', { name: 'Category' }, slowJsdom)
    const name = within(form).getByLabelText('Name')
    fireEvent.change(name, { target: { value: 'Awards' } })
    await act(async () => fireEvent.submit(form))
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('A category is already called that'))
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect((name as HTMLInputElement).value).toBe('Awards')
  })
})
