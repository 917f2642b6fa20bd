import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkResetLink, resetPassword } from '../../features/account/accountCalls'
import { ApiError } from '../../lib/apiError'
import { ResetPasswordScreen } from './ResetPasswordScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useNavigate: () => vi.fn(),
}))
vi.mock('../../features/account/accountCalls', () => ({
  resetPassword: vi.fn(),
  checkResetLink: vi.fn(() => Promise.resolve()),
}))

afterEach(() => {
  cleanup()
  vi.mocked(resetPassword).mockReset()
  vi.mocked(checkResetLink).mockReset().mockResolvedValue(undefined)
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
  it('calls a used or expired link an invalid one, with its reason and a new link instead of the form', async () => {
    await resetRefusedWith(new ApiError('This reset link has expired. Please request a new one.', 410))
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('This reset link has expired. Please request a new one.')
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy()
    expect(screen.queryByLabelText('New password')).toBeNull()
  })

  it('says a suspended account is suspended, and offers no new link that would be refused too', async () => {
    await resetRefusedWith(new ApiError(suspendedMessage, 403))
    expect(screen.queryByRole('link', { name: 'Request a new link' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy()
  })
})

describe('the reset-password screen as it opens', () => {
  it('shows a dead link as one at once, with its reason and a new link, before any password is typed', async () => {
    vi.mocked(checkResetLink).mockRejectedValue(
      new ApiError('This reset link has already been used. Please request a new one.', 410),
    )
    render(<ResetPasswordScreen token="user.secret" />)
    expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe(
      'This reset link has already been used. Please request a new one.',
    )
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy()
    expect(screen.queryByLabelText('New password')).toBeNull()
    expect(checkResetLink).toHaveBeenCalledWith('user.secret')
  })

  it('keeps the form when the link could not be looked at: the reset itself will say', async () => {
    vi.mocked(checkResetLink).mockRejectedValue(new ApiError('Network error', 0))
    render(<ResetPasswordScreen token="user.secret" />)
    await vi.waitFor(() => expect(checkResetLink).toHaveBeenCalled())
    await Promise.resolve()
    expect(screen.getByLabelText('New password')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('leaves the answer to the reset once it is sent, though the look at the link answers after it', async () => {
    let refuseLook!: (error: ApiError) => void
    vi.mocked(checkResetLink).mockReturnValue(new Promise((_, reject) => (refuseLook = reject)))
    vi.mocked(resetPassword).mockResolvedValue(undefined)
    render(<ResetPasswordScreen token="user.secret" />)
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-password' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'brand-new-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }))
    await screen.findByText('Your password has been reset.')
    refuseLook(new ApiError('This reset link has already been used. Please request a new one.', 410))
    await Promise.resolve()
    await Promise.resolve()
    expect(screen.getByText('Your password has been reset.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Invalid Reset Link' })).toBeNull()
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
