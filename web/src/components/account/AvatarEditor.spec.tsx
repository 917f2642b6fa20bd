import type { PublicUser } from '@reelmates/contracts/account'
import { avatarMessages } from '@reelmates/contracts/avatars'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { uploadAvatar } from '../../features/account/profileCalls'
import { AvatarEditor } from './AvatarEditor'

vi.mock('../../features/account/profileCalls', () => ({ uploadAvatar: vi.fn(), removeAvatar: vi.fn() }))

const ada: PublicUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  location: null,
  bio: null,
  avatarUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  digestType: 'weekly',
  onboardingCompleted: true,
  receiveCampaignEmails: false,
  pushNotificationsEnabled: false,
  role: 'User',
  lastActivityVisit: null,
  lastNewsVisit: null,
}

function pick(file: File) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AvatarEditor user={ada} />
    </QueryClientProvider>,
  )
  fireEvent.change(screen.getByLabelText('Avatar picture'), { target: { files: [file] } })
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
})
