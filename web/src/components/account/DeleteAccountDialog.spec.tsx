import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { deleteAccount } from '../../features/account/profileCalls'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { DeleteAccountDialog } from './DeleteAccountDialog'

vi.mock('../../features/account/profileCalls', () => ({ deleteAccount: vi.fn() }))

beforeAll(() => {
  // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
  Element.prototype.scrollIntoView = () => undefined
})
afterEach(() => {
  cleanup()
  vi.mocked(deleteAccount).mockReset()
})

function openDialog() {
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={new QueryClient()}>
        <DeleteAccountDialog />
      </QueryClientProvider>,
    ),
  )
  fireEvent.click(screen.getByRole('button', { name: 'Delete my account…' }))
  return {
    password: screen.getByLabelText('Current password'),
    button: screen.getByRole('button', { name: 'Delete for good' }),
  }
}

describe('a refused account deletion', () => {
  it('puts the focus on the password when it was left empty', () => {
    const { password, button } = openDialog()
    button.focus()
    fireEvent.click(button)
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(password)
    expect(deleteAccount).not.toHaveBeenCalled()
  })

  it('says the error when the password has the focus already (Enter pressed in it)', () => {
    const { password } = openDialog()
    password.focus()
    fireEvent.submit(password)
    expect(document.activeElement).toBe(password)
    expect(screen.getByRole('alert').textContent).toBe('Enter your password to delete your account.')
  })

  it('puts the focus back on the password when the server refuses it', async () => {
    vi.mocked(deleteAccount).mockRejectedValue(new Error('Current password is incorrect'))
    const { password, button } = openDialog()
    fireEvent.change(password, { target: { value: 'not-my-password' } })
    button.focus()
    await act(async () => fireEvent.click(button))
    expect(deleteAccount).toHaveBeenCalledWith('not-my-password')
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(password)
  })
})
