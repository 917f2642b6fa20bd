import { recommendationMessages } from '@reelmates/contracts/recommendations'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { register } from '../../features/account/accountCalls'
import { registrationMessages } from '../../features/account/signInMessages'
import { ApiError } from '../../lib/apiError'
import { friendsCalls } from '../../features/friends/friendsCalls'
import { recommendationCalls } from '../../features/recommendations/recommendationCalls'
import { SignUpScreen } from './SignUpScreen'

vi.mock('@tanstack/react-router', () => ({
  Link: ({ children }: { children: ReactNode }) => <a href="/">{children}</a>,
  useNavigate: () => vi.fn(),
}))
vi.mock('../../features/account/accountCalls', () => ({ register: vi.fn() }))
vi.mock('../../features/friends/friendsCalls', () => ({ friendsCalls: { invitationLink: vi.fn() } }))
vi.mock('../../features/recommendations/recommendationCalls', () => ({ recommendationCalls: { link: vi.fn() } }))

beforeAll(() => {
  // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
  Element.prototype.scrollIntoView = () => undefined
})
afterEach(() => {
  cleanup()
  vi.mocked(register).mockReset()
  vi.mocked(friendsCalls.invitationLink).mockReset()
  vi.mocked(recommendationCalls.link).mockReset()
  vi.restoreAllMocks()
})

function signUpPage(search: Parameters<typeof SignUpScreen>[0]['search'] = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignUpScreen search={search} />
    </QueryClientProvider>,
  )
  const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
  const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
  /** Enter in a field, which submits its form. */
  const enterIn = (label: string) => {
    field(label).focus()
    fireEvent.submit(field(label))
  }
  return { field, type, enterIn }
}

/** What a screen reader reads with a field: its error, through aria-describedby. */
const errorOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? ''

describe('a refused sign-up', () => {
  it('puts the focus on the first field in error, which a screen reader reads with its error', () => {
    const page = signUpPage()
    page.type('Username', 'al')
    page.type('Email', 'not-an-email')
    page.type('Password', '123')
    page.enterIn('Password')
    const username = page.field('Username')
    expect(document.activeElement).toBe(username)
    expect(username.getAttribute('aria-invalid')).toBe('true')
    expect(errorOf(username)).not.toBe('')
    expect(register).not.toHaveBeenCalled()
  })

  it('says the error in an alert when the first field in error has the focus already', () => {
    const page = signUpPage()
    page.type('Email', 'ada@example.com')
    page.type('Password', 'correct-horse')
    page.enterIn('Username')
    expect(document.activeElement).toBe(page.field('Username'))
    expect(screen.getByRole('alert').textContent).toBe(errorOf(page.field('Username')))
  })

  it('puts the focus on the email the server says is taken', async () => {
    vi.mocked(register).mockRejectedValue(new ApiError('Conflict', 409, undefined, { email: 'taken' }))
    // The screen logs a failed registration; the spec reads the form instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const page = signUpPage()
    page.type('Username', 'ada_lovelace')
    page.type('Email', 'ada@example.com')
    page.type('Password', 'correct-horse')
    page.enterIn('Password')
    await waitFor(() => expect(document.activeElement).toBe(page.field('Email')))
    expect(errorOf(page.field('Email'))).toBe(registrationMessages.emailTaken)
  })
})

describe('what signing up agrees to', () => {
  it('names the Terms, the age they ask for and the Privacy page beside the button', () => {
    signUpPage()
    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form') as HTMLFormElement
    expect(form.textContent).toContain('By signing up you agree to the Terms and confirm you are 13 or older.')
    expect(within(form).getByRole('link', { name: 'Terms' })).toBeTruthy()
    expect(within(form).getByRole('link', { name: 'Privacy' })).toBeTruthy()
  })
})

describe('the way to sign in instead', () => {
  const signInLinks = () => screen.getAllByRole('link').filter((link) => /Sign in/.test(link.textContent))

  it('is offered once under the form', () => {
    signUpPage()
    expect(signInLinks().map((link) => link.textContent)).toEqual(['Sign in'])
  })

  it('is offered once, in its banner, to someone invited', async () => {
    vi.mocked(friendsCalls.invitationLink).mockResolvedValue({ inviter: { username: 'maya', avatarUrl: null } })
    signUpPage({ invite: true, from: 'maya', token: 'tok123' })
    await screen.findByText('maya invited you to Reelmates')
    expect(signInLinks().map((link) => link.textContent)).toEqual(['Already have an account? Sign in'])
  })

  it('is offered under the form when the invitation link would not work', async () => {
    vi.mocked(friendsCalls.invitationLink).mockRejectedValue(new ApiError('This invitation link is invalid.', 404))
    signUpPage({ invite: true, from: 'maya', token: 'tok123' })
    await screen.findByText('This invitation link is invalid.')
    expect(signInLinks().map((link) => link.textContent)).toEqual(['Sign in'])
  })
})

describe('the invitation banner', () => {
  it("names whoever the server reads from the link's token, never the name typed in the link", async () => {
    vi.mocked(friendsCalls.invitationLink).mockResolvedValue({ inviter: { username: 'maya', avatarUrl: null } })
    signUpPage({ invite: true, from: 'YourBank', token: 'tok123' })
    expect(screen.getByText("You've been invited to Reelmates")).toBeTruthy()
    await screen.findByText('maya invited you to Reelmates')
    expect(vi.mocked(friendsCalls.invitationLink)).toHaveBeenCalledWith('tok123')
    expect(screen.queryByText(/YourBank/)).toBeNull()
  })

  it('says why a link will not connect anyone, and names nobody', async () => {
    vi.mocked(friendsCalls.invitationLink).mockRejectedValue(
      new ApiError('This invitation link has expired. Ask your friend to send a new one.', 410),
    )
    signUpPage({ invite: true, from: 'YourBank', token: 'tok123' })
    await screen.findByText("This invitation link won't connect you")
    expect(screen.getByText('This invitation link has expired. Ask your friend to send a new one.')).toBeTruthy()
    expect(screen.queryByText(/YourBank/)).toBeNull()
  })
})

describe('the recommendation banner', () => {
  const banner = "You've received a recommendation!"

  it('is shown for a recommendation link, with who recommended what once the server has read its token', async () => {
    vi.mocked(recommendationCalls.link).mockResolvedValue({ from: 'ann', mediaTitle: 'Casablanca' })
    signUpPage({ returnTo: '/recommendations', token: 'r-tok' })
    expect(screen.getByText(banner)).toBeTruthy()
    await screen.findByText('ann recommended Casablanca to you. Create your free account to see it.')
    expect(vi.mocked(recommendationCalls.link)).toHaveBeenCalledWith('r-tok')
  })

  it('is not shown for returnTo alone: a page that asked to sign in first promises no recommendation', () => {
    signUpPage({ returnTo: '/watchlist' })
    expect(screen.queryByText(banner)).toBeNull()
    expect(vi.mocked(recommendationCalls.link)).not.toHaveBeenCalled()
  })

  it('says why a link will bring nothing, and that the account can still be made', async () => {
    vi.mocked(recommendationCalls.link).mockRejectedValue(
      new ApiError('This recommendation link was used before and can only be used once.', 410),
    )
    signUpPage({ returnTo: '/recommendations', token: 'r-tok' })
    await screen.findByText("This recommendation link won't bring a recommendation")
    expect(screen.queryByText(banner)).toBeNull()
  })

  // A sender who left is said as such, not as an invalid link; a used link, opened again by whoever
  // signed up with it, points to signing in too.
  it.each([
    ['its sender left Reelmates', recommendationMessages.senderLeft],
    ['it was used before', recommendationMessages.usedToken],
  ])('says why a link brings nothing (%s), and that one may create an account or sign in', async (_, message) => {
    vi.mocked(recommendationCalls.link).mockRejectedValue(new ApiError(message, 410))
    signUpPage({ returnTo: '/recommendations', token: 'r-tok' })
    await screen.findByText("This recommendation link won't bring a recommendation")
    expect(screen.getByText(`${message} You can still create an account, or sign in if you have one.`)).toBeTruthy()
  })
})
