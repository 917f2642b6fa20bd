import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ProfileEditForm } from './ProfileEditForm'

const ada: PublicUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  location: 'London',
  bio: 'Noir',
  avatarUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  digestType: 'weekly',
  onboardingCompleted: false,
  receiveCampaignEmails: true,
  pushNotificationsEnabled: false,
  role: 'User',
  lastActivityVisit: null,
  lastNewsVisit: null,
}

function renderForm(user: PublicUser) {
  const client = new QueryClient()
  const view = render(
    <QueryClientProvider client={client}>
      <ProfileEditForm user={user} />
    </QueryClientProvider>,
  )
  return (next: PublicUser) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <ProfileEditForm user={next} />
      </QueryClientProvider>,
    )
}

const campaignEmails = () => screen.getByLabelText<HTMLInputElement>('Tips and news emails')

describe('the profile form', () => {
  afterEach(cleanup)
  // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
  const scrolledTo = vi.fn()
  beforeAll(() => {
    Element.prototype.scrollIntoView = scrolledTo
  })

  it('shows a newer user when nothing was edited, so a save cannot send old values back', () => {
    const showUser = renderForm(ada)
    expect(campaignEmails().checked).toBe(true)
    showUser({ ...ada, receiveCampaignEmails: false })
    expect(campaignEmails().checked).toBe(false)
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
})
