import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { suspendedMessage } from '@reelmates/contracts/userManagement'
import { signIn } from '../../features/account/accountCalls'
import { forgetSessionEnd, noteSessionAnswer } from '../../features/account/sessionEnd'
import { markSignedInHere } from '../../features/account/signedInHere'
import { ApiError } from '../../lib/apiError'
import { SignInScreen } from './SignInScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useNavigate: () => vi.fn(),
}))
vi.mock('../../features/account/accountCalls', () => ({ signIn: vi.fn(), isUsernameAvailable: vi.fn() }))

afterEach(() => {
  cleanup()
  forgetSessionEnd()
  window.sessionStorage.clear()
})

const signedOut = 'You were signed out. Sign in again to continue.'

function signInPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignInScreen search={{}} />
    </QueryClientProvider>,
  )
}

// Nobody else is told: signedInHere.spec.ts (the mark) and e2e/signedOut.spec.ts (a visitor, a Log out here).
describe('the sign-in page after a session ended', () => {
  it('tells a member who was signed in in this tab, in a status region', () => {
    markSignedInHere()
    signInPage()
    expect(screen.getByRole('status').textContent).toBe(signedOut)
  })

  it('says the account was deleted when it was, on another device: signing in again would find no username', () => {
    markSignedInHere()
    noteSessionAnswer({ user: null, ended: 'accountDeleted' })
    signInPage()
    expect(screen.getByRole('status').textContent).toBe('Your account was deleted.')
    expect(screen.queryByText(signedOut)).toBeNull()
  })

  it('stops asking them to sign in again once the server says why they cannot (a suspension)', async () => {
    vi.mocked(signIn).mockRejectedValue(
      new ApiError(suspendedMessage, 403, { message: suspendedMessage, error: 'Forbidden' }),
    )
    markSignedInHere()
    signInPage()
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ada' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } })
    fireEvent.submit(screen.getByLabelText('Password'))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(suspendedMessage))
    expect(screen.queryByText(signedOut)).toBeNull()
  })
})

describe('a refused sign-in', () => {
  it('puts the focus on the first field in error, or says its error when it has the focus already', () => {
    // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
    Element.prototype.scrollIntoView = () => undefined
    signInPage()
    const username = screen.getByLabelText('Username')
    const password = screen.getByLabelText('Password')
    fireEvent.change(username, { target: { value: 'ada' } })
    password.focus()
    fireEvent.submit(password)
    expect(document.activeElement).toBe(password)
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).not.toBe('')

    fireEvent.change(username, { target: { value: '' } })
    fireEvent.change(password, { target: { value: 'correct-horse' } })
    fireEvent.submit(password)
    expect(document.activeElement).toBe(username)
    expect(username.getAttribute('aria-describedby')).toBeTruthy()
  })
})
