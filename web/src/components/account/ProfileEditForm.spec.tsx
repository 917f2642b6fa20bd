import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { updateProfile } from '../../features/account/accountCalls'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { ProfileEditForm } from './ProfileEditForm'
import { member } from '../../features/account/testing'

vi.mock('../../features/account/accountCalls', () => ({ updateProfile: vi.fn() }))

const ada = member({ location: 'London', bio: 'Noir', onboardingCompleted: false })

function renderForm(user: PublicUser) {
  const client = new QueryClient()
  const router = routerInMemory()
  const form = (shown: PublicUser) =>
    withinRouter(
      router,
      <QueryClientProvider client={client}>
        <ProfileEditForm user={shown} />
      </QueryClientProvider>,
    )
  const view = render(form(user))
  return Object.assign((next: PublicUser) => view.rerender(form(next)), { router })
}

const write = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } })
const leave = (router: ReturnType<typeof routerInMemory>) =>
  act(async () => {
    router.history.push('/elsewhere')
    await Promise.resolve()
  })
const asked = () => screen.queryByRole('dialog', { name: 'Leave this page?' })

const campaignEmails = () => screen.getByLabelText<HTMLInputElement>('Tips and news emails')

describe('the profile form', () => {
  afterEach(cleanup)
  // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
  const scrolledTo = vi.fn()
  beforeAll(() => {
    Element.prototype.scrollIntoView = scrolledTo
    imitateModalDialogs()
  })

  it('shows a newer user when nothing was edited, so a save cannot send old values back', () => {
    const showUser = renderForm(ada)
    expect(campaignEmails().checked).toBe(true)
    showUser({ ...ada, receiveCampaignEmails: false })
    expect(campaignEmails().checked).toBe(false)
  })

  it('keeps push notifications out of the email preferences, since a push is not an email', () => {
    renderForm(ada)
    const emails = screen.getByRole('group', { name: 'Email preferences' })
    const notifications = screen.getByRole('group', { name: 'Notifications' })
    expect(emails.contains(campaignEmails())).toBe(true)
    expect(emails.contains(screen.getByLabelText('Push notifications on this device'))).toBe(false)
    expect(notifications.contains(screen.getByLabelText('Push notifications on this device'))).toBe(true)
  })

  it('keeps what the person is typing when a newer user arrives', () => {
    const showUser = renderForm(ada)
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Paris' } })
    showUser({ ...ada, receiveCampaignEmails: false })
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('Paris')
  })

  it('puts focus on the first invalid field when a save is refused, however far up it is', () => {
    renderForm(ada)
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: 'not a link' } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    const avatar = screen.getByLabelText('Avatar URL')
    expect(avatar.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(avatar)
    expect(scrolledTo.mock.contexts.at(-1)).toBe(avatar)
  })

  it('brings the field back into focus when the same mistake is saved again', () => {
    renderForm(ada)
    const username = screen.getByLabelText('Username')
    fireEvent.change(username, { target: { value: 'a' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(document.activeElement).toBe(username)
    screen.getByRole('button', { name: 'Save changes' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(document.activeElement).toBe(username)
  })

  it('asks before an edit is left behind, and Stay keeps the page and the words', async () => {
    const { router } = renderForm(ada)
    write('Location', 'Paris')
    await leave(router)
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(where(router)).toBe('/')
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('Paris')
  })

  it('asks about a password typed and not saved', async () => {
    const { router } = renderForm(ada)
    write('Current password', 'old-secret')
    await leave(router)
    await screen.findByRole('dialog', { name: 'Leave this page?' })
  })

  it('lets go when nothing differs from the saved user: untouched, written back, or spaces only', async () => {
    const { router } = renderForm(ada)
    write('Location', 'Paris')
    write('Location', 'London ')
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })

  it('lets go once the edit is saved', async () => {
    const saved = { ...ada, location: 'Paris' }
    vi.mocked(updateProfile).mockResolvedValue(saved)
    const showUser = renderForm(ada)
    const { router } = showUser
    write('Location', 'Paris')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    // As the profile screen does once the answer is the current user.
    showUser(saved)
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })
})
