import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminCalls, type OutboxMail } from '../../features/admin/adminCalls'
import { createQueryClient } from '../../lib/queryClient'
import { OutboxScreen } from './OutboxScreen'

// The admin frame links to every area through the router; this screen's own part needs none.
vi.mock('../shell/AdminScreen', () => ({ AdminScreen: ({ children }: { children: ReactNode }) => <>{children}</> }))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function showOutbox(mails: OutboxMail[] = []) {
  const outbox = vi.spyOn(adminCalls, 'outbox').mockResolvedValue(mails)
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OutboxScreen />
    </QueryClientProvider>,
  )
  return outbox
}

describe('the mail outbox', () => {
  it('takes no longer a recipient than the server does', () => {
    showOutbox()
    expect(screen.getByLabelText('Recipient').getAttribute('maxlength')).toBe('254')
  })

  it('says a recipient put there longer than that is too long, naming it, and does not send it', async () => {
    const outbox = showOutbox()
    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: 'a'.repeat(600) } })
    expect((await screen.findByRole('alert')).textContent).toBe('Recipient must be at most 254 characters')
    expect(outbox).not.toHaveBeenCalledWith('a'.repeat(600))
  })

  it('says when it shows only the newest 100 mails, and how to reach older ones', async () => {
    showOutbox(Array.from({ length: 100 }, (_, index) => mailTo(`member${index}@example.com`)))
    expect((await screen.findByRole('status')).textContent).toBe(
      'Showing the newest 100 mails. Type more of an address to find older ones.',
    )
  })

  it('says nothing of the kind when every mail is shown', async () => {
    showOutbox([mailTo('ann@example.com')])
    expect(await screen.findByRole('list', { name: 'Mails' })).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })
})

function mailTo(to: string): OutboxMail {
  return {
    id: to,
    createdAt: '2026-11-29T10:00:00.000Z',
    status: 'outbox',
    category: 'password-reset',
    to,
    subject: 'Reset your Reelmates password',
    text: 'Hi',
  }
}
