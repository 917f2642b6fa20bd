import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetPassword } from '../../features/account/accountCalls'
import { ApiError } from '../../lib/apiError'
import { ResetPasswordScreen } from './ResetPasswordScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useNavigate: () => vi.fn(),
}))
vi.mock('../../features/account/accountCalls', () => ({ resetPassword: vi.fn() }))

afterEach(() => {
  cleanup()
  vi.mocked(resetPassword).mockReset()
})

async function resetRefusedWith(error: ApiError) {
  vi.mocked(resetPassword).mockRejectedValue(error)
  render(<ResetPasswordScreen token="user.secret" />)
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-password' } })
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'brand-new-password' } })
  fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
  return screen.findByText(error.message)
}

describe('the reset-password screen when the server refuses', () => {
  it('offers a new link when the link was used or expired', async () => {
    await resetRefusedWith(new ApiError('This reset link has expired. Please request a new one.', 410))
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toBeTruthy()
  })

  it('says a suspended account is suspended, and offers no new link that would be refused too', async () => {
    await resetRefusedWith(new ApiError(suspendedMessage, 403))
    expect(screen.queryByRole('link', { name: 'Request a new reset link' })).toBeNull()
  })
})

describe('the reset-password screen when the passwords are refused here', () => {
  it('puts the focus on the field in error, which a screen reader reads with its error', () => {
    // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
    Element.prototype.scrollIntoView = () => undefined
    render(<ResetPasswordScreen token="user.secret" />)
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-password' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'brand-new-pasword' } })
    screen.getByRole('button', { name: 'Reset password' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    const confirm = screen.getByLabelText('Confirm password')
    expect(document.activeElement).toBe(confirm)
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBeTruthy()
    expect(resetPassword).not.toHaveBeenCalled()
  })
})
