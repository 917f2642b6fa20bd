import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminCalls } from '../../features/admin/adminCalls'
import { createQueryClient } from '../../lib/queryClient'
import { OutboxScreen } from './OutboxScreen'

// The admin frame links to every area through the router; this screen's own part needs none.
vi.mock('../shell/AdminScreen', () => ({ AdminScreen: ({ children }: { children: ReactNode }) => <>{children}</> }))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function showOutbox() {
  const outbox = vi.spyOn(adminCalls, 'outbox').mockResolvedValue([])
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
})
