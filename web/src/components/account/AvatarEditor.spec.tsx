import type { PublicUser } from '@reelmates/contracts/account'
import { avatarMessages } from '@reelmates/contracts/avatars'
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { currentUserKey } from '../../features/account/currentUser'
import { removeAvatar, uploadAvatar } from '../../features/account/profileCalls'
import { focusIsLost } from '../../lib/focusLost'
import { AvatarEditor } from './AvatarEditor'
import { member } from '../../features/account/testing'

vi.mock('../../features/account/profileCalls', () => ({ uploadAvatar: vi.fn(), removeAvatar: vi.fn() }))
// The app's own bookkeeping of who is signed in (offline snapshots, the installed app) is not this editor's.
vi.mock('../../features/account/currentUser', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../features/account/currentUser')>()
  return {
    ...real,
    setCurrentUser: (client: QueryClient, user: PublicUser | null) => client.setQueryData(real.currentUserKey, user),
  }
})

const ada = member({ receiveCampaignEmails: false })

function pick(file: File) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AvatarEditor user={ada} />
    </QueryClientProvider>,
  )
  fireEvent.change(screen.getByLabelText('Avatar picture'), { target: { files: [file] } })
}

/** The editor as the profile shows it: given the signed-in user as the app knows them, so a change shows. */
function ProfileAvatar() {
  const { data: user } = useQuery<PublicUser>({ queryKey: currentUserKey, staleTime: Infinity })
  return user ? <AvatarEditor user={user} /> : null
}

function showProfile(user: PublicUser) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(currentUserKey, user)
  render(
    <QueryClientProvider client={queryClient}>
      <ProfileAvatar />
    </QueryClientProvider>,
  )
}

function settle<T>() {
  let resolve: (value: T) => void = () => {}
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

describe('the avatar editor', () => {
  afterEach(cleanup)
  beforeEach(() => {
    vi.mocked(uploadAvatar).mockReset()
    vi.mocked(uploadAvatar).mockResolvedValue({ ...ada, avatarUrl: '/api/avatars/u1?v=abc' })
  })

  it.each([
    ['an SVG drawing', new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' })],
    ['a file of no known type', new File(['bytes'], 'photo', { type: '' })],
    ['a text file', new File(['hello'], 'notes.txt', { type: 'text/plain' })],
  ])('refuses %s before sending it, in the words the server would use', (_name, file) => {
    pick(file)
    expect(screen.getByRole('alert').textContent).toBe(avatarMessages.notAnImage)
    expect(uploadAvatar).not.toHaveBeenCalled()
  })

  it('sends a picture of a type the server takes', () => {
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })
    pick(png)
    expect(uploadAvatar).toHaveBeenCalledWith(png)
  })

  it('keeps the keyboard on the picture button while an upload is saved', async () => {
    const saved = settle<PublicUser>()
    vi.mocked(uploadAvatar).mockReturnValue(saved.promise)
    showProfile(ada)
    const button = screen.getByRole('button', { name: 'Upload picture' })
    button.focus()
    fireEvent.change(screen.getByLabelText('Avatar picture'), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })] },
    })
    expect(screen.getByRole('button', { name: 'Saving…' })).toBe(document.activeElement)
    // A disabled button loses the focus in a browser (jsdom leaves it there): `focusIsLost` counts it.
    expect(focusIsLost()).toBe(false)
    await act(async () => saved.resolve({ ...ada, avatarUrl: '/api/avatars/u1?v=abc' }))
    expect(document.activeElement).toBe(await screen.findByRole('button', { name: 'Change picture' }))
  })

  it('gives the focus to Upload picture once Remove has gone with the picture', async () => {
    const removed = settle<PublicUser>()
    vi.mocked(removeAvatar).mockReturnValue(removed.promise)
    showProfile({ ...ada, avatarUrl: '/api/avatars/u1?v=abc' })
    const remove = screen.getByRole('button', { name: 'Remove' })
    remove.focus()
    fireEvent.click(remove)
    expect(focusIsLost()).toBe(false)
    await act(async () => removed.resolve(ada))
    // Under load the answer's render can come a turn later: wait for Remove to go, then look.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull())
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload picture' }))
  })
})
