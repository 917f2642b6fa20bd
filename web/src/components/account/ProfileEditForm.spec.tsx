import type { PublicUser } from '@reelmates/contracts/account'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { updateProfile } from '../../features/account/accountCalls'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { routerInMemory, where, withinRouter } from '../../lib/routerInSpecs'
import { ProfileEditForm } from './ProfileEditForm'
import { ApiError, requestMessages } from '../../lib/apiError'
import * as toasts from '../../lib/toast'
import { unconfirmedSaveTexts } from '../../features/account/profileForm'
import { member } from '../../features/account/testing'

vi.mock('../../features/account/accountCalls', () => ({ updateProfile: vi.fn() }))

const ada = member({ location: 'London', bio: 'Noir', onboardingCompleted: false })

function renderForm(user: PublicUser) {
  const client = new QueryClient()
  const router = routerInMemory()
  const form = (shown: PublicUser) =>
    withinRouter(
      router,
      <QueryClientProvider client={client}>
        <ProfileEditForm user={shown} />
      </QueryClientProvider>,
    )
  const view = render(form(user))
  return Object.assign((next: PublicUser) => view.rerender(form(next)), { router })
}

const write = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } })
const leave = (router: ReturnType<typeof routerInMemory>) =>
  act(async () => {
    router.history.push('/elsewhere')
    await Promise.resolve()
  })
const asked = () => screen.queryByRole('dialog', { name: 'Leave this page?' })

const campaignEmails = () => screen.getByLabelText<HTMLInputElement>('Tips and news emails')

describe('the profile form', () => {
  afterEach(cleanup)
  // jsdom lays nothing out, so it has no scrollIntoView; the form calls it to centre the invalid field.
  const scrolledTo = vi.fn()
  beforeAll(() => {
    Element.prototype.scrollIntoView = scrolledTo
    imitateModalDialogs()
  })

  it('shows a newer user when nothing was edited, so a save cannot send old values back', () => {
    const showUser = renderForm(ada)
    expect(campaignEmails().checked).toBe(true)
    showUser({ ...ada, receiveCampaignEmails: false })
    expect(campaignEmails().checked).toBe(false)
  })

  it('keeps push notifications out of the email preferences, since a push is not an email', () => {
    renderForm(ada)
    const emails = screen.getByRole('group', { name: 'Email preferences' })
    const notifications = screen.getByRole('group', { name: 'Notifications' })
    expect(emails.contains(campaignEmails())).toBe(true)
    expect(emails.contains(screen.getByLabelText('Push notifications on this device'))).toBe(false)
    expect(notifications.contains(screen.getByLabelText('Push notifications on this device'))).toBe(true)
  })

  it('keeps what the person is typing when a newer user arrives', () => {
    const showUser = renderForm(ada)
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Paris' } })
    showUser({ ...ada, receiveCampaignEmails: false })
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('Paris')
  })

  it('puts focus on the first invalid field when a save is refused, however far up it is', () => {
    renderForm(ada)
    fireEvent.change(screen.getByLabelText('Avatar URL'), { target: { value: 'not a link' } })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    const avatar = screen.getByLabelText('Avatar URL')
    expect(avatar.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(avatar)
    expect(scrolledTo.mock.contexts.at(-1)).toBe(avatar)
  })

  it('brings the field back into focus when the same mistake is saved again', () => {
    renderForm(ada)
    const username = screen.getByLabelText('Username')
    fireEvent.change(username, { target: { value: 'a' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(document.activeElement).toBe(username)
    screen.getByRole('button', { name: 'Save changes' }).focus()
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(document.activeElement).toBe(username)
  })

  it('asks before an edit is left behind, and Stay keeps the page and the words', async () => {
    const { router } = renderForm(ada)
    write('Location', 'Paris')
    await leave(router)
    await screen.findByRole('dialog', { name: 'Leave this page?' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay' })))
    expect(where(router)).toBe('/')
    expect(screen.getByLabelText<HTMLInputElement>('Location').value).toBe('Paris')
  })

  it('asks about a password typed and not saved', async () => {
    const { router } = renderForm(ada)
    write('Current password', 'old-secret')
    await leave(router)
    await screen.findByRole('dialog', { name: 'Leave this page?' })
  })

  it('lets go when nothing differs from the saved user: untouched, written back, or spaces only', async () => {
    const { router } = renderForm(ada)
    write('Location', 'Paris')
    write('Location', 'London ')
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })

  it('lets go once the edit is saved', async () => {
    const saved = { ...ada, location: 'Paris' }
    vi.mocked(updateProfile).mockResolvedValue(saved)
    const showUser = renderForm(ada)
    const { router } = showUser
    write('Location', 'Paris')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))
    // As the profile screen does once the answer is the current user.
    showUser(saved)
    await leave(router)
    expect(where(router)).toBe('/elsewhere')
    expect(asked()).toBeNull()
  })
})

// The walk's bad connection: the server made the change, the phone never heard its answer.
describe('a save whose answer was lost', () => {
  beforeEach(() => vi.mocked(updateProfile).mockReset())
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
    vi.mocked(updateProfile).mockReset()
  })

  const lost = () => Promise.reject(new ApiError(requestMessages.network, 0))
  function told() {
    const said: toasts.ToastInput[] = []
    vi.spyOn(toasts, 'toast').mockImplementation((input) => {
      said.push(input)
      return { id: String(said.length), dismiss: () => undefined, update: () => undefined }
    })
    return said
  }
  /** GET /api/session, asked again to see what the server has: `user` (null once signed out). */
  function serverHas(user: PublicUser | null) {
    const asked = vi.fn(async () => Response.json({ user }))
    vi.stubGlobal('fetch', asked)
    // Not the installed app (display-mode: standalone): the user is asked for, not taken from the device.
    vi.stubGlobal('matchMedia', () => ({ matches: false }))
    return asked
  }
  const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save changes' })))

  it('is not called a failure, and the same save again goes under its first key, so a new password is not judged twice', async () => {
    const said = told()
    serverHas(ada)
    vi.mocked(updateProfile).mockImplementationOnce(lost).mockResolvedValueOnce(ada)
    renderForm(ada)
    write('Current password', 'old-secret')
    write('New password', 'new-secret')
    await save()
    expect(said.map((toast) => toast.title)).toEqual([unconfirmedSaveTexts.title])
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('new-secret')

    await save()
    const [first, second] = vi.mocked(updateProfile).mock.calls
    expect(first?.[1]).toEqual(expect.any(String))
    expect(second).toEqual(first)
    expect(said.at(-1)).toMatchObject({ title: 'Profile updated', variant: 'success' })
  })

  it('reads the user again and says the details were saved when the server has them', async () => {
    const said = told()
    const session = serverHas({ ...ada, location: 'Paris' })
    vi.mocked(updateProfile).mockImplementationOnce(lost)
    renderForm(ada)
    write('Location', 'Paris')
    await save()
    expect(session).toHaveBeenCalledWith(expect.stringContaining('/api/session'), expect.anything())
    expect(said).toEqual([
      expect.objectContaining({ title: unconfirmedSaveTexts.savedTitle, description: unconfirmedSaveTexts.saved }),
    ])
  })

  it('says the new password was probably saved when the member finds themselves signed out', async () => {
    const said = told()
    serverHas(null)
    vi.mocked(updateProfile).mockImplementationOnce(lost)
    renderForm(ada)
    write('Current password', 'old-secret')
    write('New password', 'new-secret')
    await save()
    expect(said).toEqual([expect.objectContaining({ title: unconfirmedSaveTexts.signedOutTitle })])
  })

  // The server ends every session of the member as it sets a new password and gives the request a
  // new one; the dropped answer took that cookie with it, so the app's own resend (same key) goes
  // with the erased session and is refused before the server can replay what it did.
  it('says the new password was probably saved when the save is refused as signed out', async () => {
    const said = told()
    vi.mocked(updateProfile).mockRejectedValueOnce(new ApiError('You need to sign in first.', 401))
    renderForm(ada)
    write('Current password', 'old-secret')
    write('New password', 'new-secret')
    await save()
    expect(said).toEqual([
      expect.objectContaining({
        title: unconfirmedSaveTexts.signedOutTitle,
        description: unconfirmedSaveTexts.signedOut,
        // Still there on the sign-in page, where the member needs it.
        duration: Infinity,
      }),
    ])
  })

  it('calls a save without a new password refused as signed out a failure: nothing of it was done', async () => {
    const said = told()
    vi.mocked(updateProfile).mockRejectedValueOnce(new ApiError('You need to sign in first.', 401))
    renderForm(ada)
    write('Location', 'Paris')
    await save()
    expect(said).toEqual([
      expect.objectContaining({ title: 'Profile update failed', description: 'You need to sign in first.' }),
    ])
  })

  it('calls a save sent with the browser offline a failure, asking the server nothing: it never left', async () => {
    const said = told()
    const asked = serverHas(ada)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    vi.mocked(updateProfile).mockImplementationOnce(lost)
    renderForm(ada)
    write('Location', 'Paris')
    await save()
    expect(said).toEqual([
      expect.objectContaining({ title: 'Profile update failed', description: requestMessages.network }),
    ])
    expect(asked).not.toHaveBeenCalled()
  })

  it('sends a new key for a different save after it', async () => {
    told()
    serverHas(ada)
    vi.mocked(updateProfile).mockImplementationOnce(lost).mockResolvedValueOnce(ada)
    renderForm(ada)
    write('Location', 'Paris')
    await save()
    write('Location', 'Rome')
    await save()
    const [first, second] = vi.mocked(updateProfile).mock.calls
    expect(second?.[0]).toEqual({ location: 'Rome' })
    expect(second?.[1]).not.toBe(first?.[1])
  })
})
