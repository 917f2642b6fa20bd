import type { TestDigestAnswer } from '@reelmates/contracts/digests'
import type { AdminUser } from '@reelmates/contracts/userManagement'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminCalls } from '../../features/admin/adminCalls'
import { requests } from '../../lib/api'
import { serverAnswered, serverUnanswered } from '../../lib/connection'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'

const showScreen = () =>
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <TestDigestScreen />
      </QueryClientProvider>,
    ),
  )
import { TestDigestScreen } from './TestDigestScreen'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const bob: AdminUser = {
  id: 'u-bob',
  username: 'bob',
  email: 'bob@example.com',
  role: 'User',
  suspended: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  location: null,
  digestType: 'weekly',
  onboardingCompleted: true,
  receiveCampaignEmails: true,
  pushNotificationsEnabled: false,
  lastNewsVisit: null,
}

const digest: TestDigestAnswer = {
  subject: 'Your week on Reelmates',
  html: '<p>Your week</p>',
  text: 'Your week',
  empty: false,
  setting: 'weekly',
  digestType: 'weekly',
  from: '2026-11-13T00:00:00.000Z',
  until: '2026-11-20T00:00:00.000Z',
}

async function bobsDigest() {
  vi.spyOn(adminCalls, 'users').mockResolvedValue({ items: [bob], total: 1, nextCursor: null })
  vi.spyOn(requests, 'get').mockResolvedValue(digest)
  // The send stays on its way: the button is seen as it is while sending.
  const sent = vi.spyOn(requests, 'send').mockReturnValue(new Promise(() => undefined))
  showScreen()
  fireEvent.change(screen.getByLabelText('Find a member'), { target: { value: 'bob' } })
  fireEvent.click(await screen.findByRole('button', { name: /bob/ }, { timeout: 3000 }))
  return { sent, send: await screen.findByRole('button', { name: 'Send it to me' }) }
}

describe('the test digest', () => {
  it('sends once on a double click of "Send it to me", and says it is sending', async () => {
    const { sent, send } = await bobsDigest()
    fireEvent.click(send)
    fireEvent.click(send)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
    expect(sent).toHaveBeenCalledOnce()
    expect(sent.mock.calls[0]).toEqual(['POST', '/api/admin/test-digest', { username: 'bob' }])
    const sending = screen.getByRole('button', { name: 'Sending…' })
    expect(sending).toHaveProperty('disabled', true)
  })
})

describe('a digest asked for while Reelmates cannot be reached', () => {
  it('says it renders once Reelmates can be reached, not "Rendering…", and renders then', async () => {
    vi.spyOn(adminCalls, 'users').mockResolvedValue({ items: [bob], total: 1, nextCursor: null })
    vi.spyOn(requests, 'get').mockResolvedValue(digest)
    showScreen()
    fireEvent.change(screen.getByLabelText('Find a member'), { target: { value: 'bob' } })
    const pick = await screen.findByRole('button', { name: /bob/ }, { timeout: 3000 })
    act(() => serverUnanswered())
    fireEvent.click(pick)
    expect((await screen.findByText(/will load/)).textContent).toBe(
      'The digest of bob will load as soon as Reelmates can be reached.',
    )
    expect(screen.queryByText(/Rendering/)).toBeNull()
    act(() => serverAnswered())
    expect(await screen.findByRole('heading', { name: digest.subject })).toBeTruthy()
  })
})

describe('finding the member', () => {
  /** `count` members whose names hold "ann", newest first as the server sends them; the oldest is ann herself. */
  async function search(count: number, text = 'ann') {
    const names = [...Array.from({ length: count - 1 }, (_, index) => `joanne${index + 1}`), 'ann']
    const items = names.map((username) => ({ ...bob, id: `u-${username}`, username, email: `${username}@example.com` }))
    vi.spyOn(adminCalls, 'users').mockResolvedValue({ items, total: count, nextCursor: null })
    showScreen()
    fireEvent.change(screen.getByLabelText('Find a member'), { target: { value: text } })
    const list = await screen.findByRole('list', { name: 'Members' }, { timeout: 3000 })
    return list.querySelectorAll('li').length
  }

  it('says when it shows only some of the matches, and how to reach the others', async () => {
    expect(await search(12)).toBe(8)
    expect(screen.getByRole('status').textContent).toBe(
      'Showing 8 of 12 matches. Type more of the name or email to narrow them.',
    )
  })

  it('shows the member whose whole name was typed first, however many newer names hold it', async () => {
    await search(12)
    const [first] = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('button')
    expect(first?.textContent).toMatch(/^ann/)
  })

  it('says nothing more when every match is shown', async () => {
    expect(await search(3)).toBe(3)
    expect(screen.queryByRole('status')).toBeNull()
  })
})
