import type { AdminUser } from '@reelmates/contracts/userManagement'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { adminCalls } from '../../features/admin/adminCalls'
import { imitateModalDialogs } from '../../lib/modalDialogInJsdom'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { serverAnswered, serverUnanswered } from '../../lib/connection'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { UserManagementScreen } from './UserManagementScreen'
import { member } from '../../features/account/testing'

beforeAll(imitateModalDialogs)
// The signed-in admin is known, in a browser tab; their own re-check is never answered.
neverAnsweringServer({ browserTab: true })

const account = (username: string, facts: Partial<AdminUser> = {}): AdminUser => ({
  id: `u-${username}`,
  username,
  email: `${username}@example.com`,
  role: 'User',
  suspended: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  location: null,
  digestType: 'weekly',
  onboardingCompleted: true,
  receiveCampaignEmails: true,
  pushNotificationsEnabled: false,
  lastNewsVisit: null,
  ...facts,
})
const alice = account('adminalice', { role: 'Admin' })
const carol = account('carol', { receiveCampaignEmails: false })
const dave = account('dave', { suspended: true })
const me = member({
  id: alice.id,
  username: alice.username,
  email: alice.email,
  createdAt: alice.createdAt,
  role: 'Admin',
})

async function showUsers() {
  vi.spyOn(adminCalls, 'users').mockResolvedValue({ items: [alice, carol, dave], total: 3, nextCursor: null })
  renderScreen()
  await screen.findByRole('list', { name: 'Users' })
}

/** The screen for the signed-in admin, with whatever the test made `adminCalls.users` answer. */
function renderScreen() {
  const queryClient = createQueryClient()
  queryClient.setQueryData(currentUserKey, me)
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={queryClient}>
        <UserManagementScreen />
      </QueryClientProvider>,
    ),
  )
}

const row = (username: string) => screen.getByRole('listitem', { name: username })
const click = (username: string, button: string) =>
  act(async () => fireEvent.click(within(row(username)).getByRole('button', { name: button })))
const buttonsOf = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('button')
    .map((button) => button.textContent)

describe('user management', () => {
  it('while Reelmates cannot be reached, says the list loads once it can, not "Loading users…", and loads then', async () => {
    vi.spyOn(adminCalls, 'users').mockResolvedValue({ items: [alice, carol, dave], total: 3, nextCursor: null })
    act(() => serverUnanswered())
    renderScreen()
    expect((await screen.findByText(/will load/)).textContent).toBe(
      'Users will load as soon as Reelmates can be reached.',
    )
    expect(screen.queryByText('Loading users…')).toBeNull()
    act(() => serverAnswered())
    await screen.findByRole('list', { name: 'Users' })
  })

  it('says how many members there are, and shows the next page on request', async () => {
    const pages = vi
      .spyOn(adminCalls, 'users')
      .mockResolvedValueOnce({ items: [alice, carol], total: 3, nextCursor: 'after-carol' })
      .mockResolvedValueOnce({ items: [dave], total: 3, nextCursor: null })
    renderScreen()
    expect((await screen.findByRole('status')).textContent).toBe('Showing the newest 2 of 3 members')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show more' })))
    expect(await screen.findByRole('listitem', { name: 'dave' })).toBeTruthy()
    expect(pages).toHaveBeenLastCalledWith('', 'after-carol')
    expect(screen.getByRole('status').textContent).toBe('3 members')
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it("takes another admin's rights at once, but asks before an admin gives up their own", async () => {
    const bea = account('bea', { role: 'Admin' })
    vi.spyOn(adminCalls, 'users').mockResolvedValue({ items: [alice, bea], total: 2, nextCursor: null })
    renderScreen()
    await screen.findByRole('list', { name: 'Users' })
    const changed = vi.spyOn(adminCalls, 'changeRole').mockResolvedValue({ ...bea, role: 'User' })
    await click('bea', 'Make user')
    expect(changed).toHaveBeenCalledWith(bea.id, 'User')
    expect(screen.queryByRole('dialog')).toBeNull()

    changed.mockClear()
    await click('adminalice', 'Make user')
    const asked = screen.getByRole('dialog', { name: 'Give up your admin rights?' })
    expect(asked.textContent).toContain('Only another admin can give them back')
    expect(buttonsOf(asked)).toEqual(['Stay an admin', 'Make me a user'])
    expect(changed).not.toHaveBeenCalled()
  })

  it('says so when an admin is about to suspend their own sign-in', async () => {
    await showUsers()
    await click('adminalice', 'Suspend sign-in')
    const asked = screen.getByRole('dialog', { name: 'Suspend your own sign-in?' })
    expect(asked.textContent).toContain('until another admin restores you')
    expect(buttonsOf(asked)).toEqual(['Cancel', 'Suspend me'])
  })

  it('asks before making someone an admin, and gives the role only on "Make admin"', async () => {
    await showUsers()
    const changed = vi.spyOn(adminCalls, 'changeRole').mockResolvedValue({ ...carol, role: 'Admin' })
    await click('carol', 'Make admin')
    const asked = screen.getByRole('dialog', { name: 'Make carol an admin?' })
    expect(asked.textContent).toContain('everything in the admin area')
    expect(buttonsOf(asked)).toEqual(['Cancel', 'Make admin'])
    expect(changed).not.toHaveBeenCalled()
    await act(async () => fireEvent.click(within(asked).getByRole('button', { name: 'Make admin' })))
    expect(changed).toHaveBeenCalledWith(carol.id, 'Admin')
  })

  it('takes no other action while one is on its way, and its buttons say so but keep the focus', async () => {
    await showUsers()
    const changed = vi.spyOn(adminCalls, 'changeRole').mockReturnValue(new Promise(() => {}))
    const suspended = vi.spyOn(adminCalls, 'suspend')
    await click('carol', 'Make admin')
    await act(async () =>
      fireEvent.click(
        within(screen.getByRole('dialog', { name: 'Make carol an admin?' })).getByRole('button', {
          name: 'Make admin',
        }),
      ),
    )
    expect(changed).toHaveBeenCalledTimes(1)
    const suspend = within(row('carol')).getByRole('button', { name: 'Suspend sign-in' })
    expect(suspend.getAttribute('aria-disabled')).toBe('true')
    // Not `disabled`, which takes the focus away from the button the confirmation gave it back to.
    expect(within(row('carol')).getByRole<HTMLButtonElement>('button', { name: 'Make admin' }).disabled).toBe(false)
    await click('carol', 'Suspend sign-in')
    await click('dave', 'Restore sign-in')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(suspended).not.toHaveBeenCalled()
  })

  it('calls the way out of a restore "Keep suspended"', async () => {
    await showUsers()
    await click('dave', 'Restore sign-in')
    expect(buttonsOf(screen.getByRole('dialog', { name: 'Restore dave?' }))).toEqual(['Keep suspended', 'Restore'])
  })

  it('offers "Cancel" as the way out of suspending and deleting', async () => {
    await showUsers()
    await click('carol', 'Suspend sign-in')
    expect(buttonsOf(screen.getByRole('dialog', { name: 'Suspend carol?' }))).toEqual(['Cancel', 'Suspend'])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    await click('carol', 'Delete account')
    const asked = screen.getByRole('dialog', { name: 'Delete carol?' })
    expect(buttonsOf(asked)).toEqual(['Cancel', 'Delete account'])
    expect(asked.textContent).toContain('Their account and personal data are erased for good')
  })

  it('sends an admin to their profile to delete their own account, where the password is asked', async () => {
    await showUsers()
    expect(within(row('adminalice')).queryByRole('button', { name: 'Delete account' })).toBeNull()
    const ownDeletion = within(row('adminalice')).getByRole('link', { name: 'Delete my account on my profile' })
    expect(ownDeletion.getAttribute('href')).toBe('/profile#delete-account-title')
  })

  it('names the mail setting as the member’s profile does', async () => {
    await showUsers()
    const facts = within(row('carol'))
    expect(facts.getByText('Tips and news emails').nextElementSibling?.textContent).toBe('No')
    expect(facts.queryByText('Campaign emails')).toBeNull()
  })
})

describe('the keyboard after deleting an account', () => {
  /** The accounts listed, then `after` once a deletion has been answered; deletes `username` from the keyboard. */
  async function deleteFromTheKeyboard(before: AdminUser[], username: string, after: AdminUser[]) {
    vi.spyOn(adminCalls, 'users')
      .mockResolvedValueOnce({ items: before, total: before.length, nextCursor: null })
      .mockResolvedValue({ items: after, total: after.length, nextCursor: null })
    vi.spyOn(adminCalls, 'remove').mockResolvedValue({ message: 'Deleted' })
    renderScreen()
    const opener = within(await screen.findByRole('listitem', { name: username })).getByRole('button', {
      name: 'Delete account',
    })
    opener.focus()
    await act(async () => fireEvent.click(opener))
    const asked = screen.getByRole('dialog', { name: `Delete ${username}?` })
    await act(async () => fireEvent.click(within(asked).getByRole('button', { name: 'Delete account' })))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: username })).toBeNull())
  }

  it('goes to the next account’s "Delete account" once the deleted one’s row has gone', async () => {
    await deleteFromTheKeyboard([alice, carol, dave], 'carol', [alice, dave])
    expect(document.activeElement).toBe(within(row('dave')).getByRole('button', { name: 'Delete account' }))
  })

  it('goes to the account before when the deleted one was the last of the list', async () => {
    await deleteFromTheKeyboard([alice, carol, dave], 'dave', [alice, carol])
    expect(document.activeElement).toBe(within(row('carol')).getByRole('button', { name: 'Delete account' }))
  })

  it('goes to the screen’s heading when no account is left', async () => {
    await deleteFromTheKeyboard([carol], 'carol', [])
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'User management' }))
  })
})
