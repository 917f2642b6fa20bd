import { cleanup, fireEvent, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { sessionEndedTexts } from '../account/SessionEnded'
import { blogCalls } from '../../features/blog/blogCalls'
import { showInLayout } from '../../features/account/layoutInSpecs'
import { member } from '../../features/account/testing'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { Route as adminLayout } from '../../routes/_admin'
import { accessDeniedMessage } from '../shell/AccessDenied'
import { BlogPostEditorScreen } from './BlogPostEditor'

// The shell (menus, the bell and its polls) is not what these specs are about.
vi.mock('../shell/AppShell', () => ({ AppShell: ({ children }: { children: ReactNode }) => <>{children}</> }))

beforeAll(imitateModalDialogs)
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
})

const admin = member({ id: 'admin-1', username: 'ada', role: 'Admin' })

/** The new-post editor in the admin layout (`_admin.tsx`), an admin signed in in this tab. */
async function writeAPost() {
  vi.spyOn(blogCalls, 'categories').mockResolvedValue([])
  const shown = await showInLayout(
    { route: adminLayout, id: '/_admin' },
    '/admin/blog/posts/new',
    () => <BlogPostEditorScreen id="new" />,
    admin,
  )
  await screen.findByLabelText('Title')
  return shown
}

describe('the admin layout when the session ends elsewhere', () => {
  it('keeps a blog post being written (its title and content) on the page, not Access Denied', async () => {
    const { answer, at } = await writeAPost()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Festival notes' } })
    fireEvent.change(screen.getByRole('textbox', { name: 'Content' }), { target: { value: 'Every film of the week.' } })
    await answer(null)
    expect(screen.getByRole('alert').textContent).toBe(sessionEndedTexts.kept)
    expect(screen.queryByText(accessDeniedMessage)).toBeNull()
    expect(screen.getByLabelText<HTMLTextAreaElement>("Your post's title").value).toBe('Festival notes')
    expect(screen.getByLabelText<HTMLTextAreaElement>("Your post's content").value).toBe('Every film of the week.')
    // The slug is made from the title, not written: not kept.
    expect(screen.queryByText(/slug/i)).toBeNull()
    expect(at().pathname).toBe('/admin/blog/posts/new')
  })

  it('the same admin signing in again in another tab keeps the words, with Go on', async () => {
    const { answer } = await writeAPost()
    fireEvent.change(screen.getByRole('textbox', { name: 'Content' }), { target: { value: 'Every film of the week.' } })
    await answer(null)
    await answer(admin)
    expect(screen.getByRole('alert').textContent).toBe(sessionEndedTexts.again)
    expect(screen.getByLabelText<HTMLTextAreaElement>("Your post's content").value).toBe('Every film of the week.')
    expect(screen.getByRole('button', { name: 'Go on' })).toBeTruthy()
  })

  it('goes to sign in, coming back here after, with nothing written', async () => {
    const { answer, at } = await writeAPost()
    await answer(null)
    await screen.findByRole('heading', { name: 'Welcome back' })
    expect(at()).toEqual({ pathname: '/sign_in', search: '?returnTo=%2Fadmin%2Fblog%2Fposts%2Fnew' })
  })

  it('still says Access Denied to an admin demoted meanwhile', async () => {
    const { answer } = await writeAPost()
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Festival notes' } })
    await answer({ ...admin, role: 'User' })
    expect(screen.getByRole('heading', { name: accessDeniedMessage })).toBeTruthy()
  })
})
