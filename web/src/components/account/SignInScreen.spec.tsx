import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { markSignedInHere } from '../../features/account/signedInHere'
import { SignInScreen } from './SignInScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useNavigate: () => vi.fn(),
}))

afterEach(() => {
  cleanup()
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
})
