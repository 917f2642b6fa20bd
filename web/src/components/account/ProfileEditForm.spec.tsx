import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
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
})
