import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Splash } from './Splash'

// The timing rule of spec §9 on a fake clock; web/e2e/installed.spec.ts shows the splash in a real
// installed-app browser, where a busy machine makes timers late and exact windows unreliable.
const auth = vi.hoisted(() => ({ isPending: true, data: undefined as { id: string } | null | undefined }))
const installed = vi.hoisted(() => ({ value: true }))
vi.mock('../../features/account/currentUser', () => ({ useCurrentUser: () => auth }))
vi.mock('../../lib/installedApp', () => ({ isInstalledApp: () => installed.value }))

const splash = () => screen.queryByRole('status', { name: 'Reelmates is starting' })

function answer(user: { id: string } | null, rerender: (ui: React.ReactElement) => void) {
  auth.isPending = false
  auth.data = user
  rerender(<Splash />)
}

describe('the splash of the installed app', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    auth.isPending = true
    auth.data = undefined
    installed.value = true
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('stays until the auth state is known, then 300 ms for a visitor', () => {
    const { rerender } = render(<Splash />)
    act(() => {
      vi.advanceTimersByTime(5_000)
    })
    expect(splash()).not.toBeNull()
    answer(null, rerender)
    act(() => {
      vi.advanceTimersByTime(299)
    })
    expect(splash()).not.toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(splash()).toBeNull()
  })

  it('stays 500 ms for a signed-in user', () => {
    const { rerender } = render(<Splash />)
    answer({ id: 'u1' }, rerender)
    act(() => {
      vi.advanceTimersByTime(499)
    })
    expect(splash()).not.toBeNull()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(splash()).toBeNull()
  })

  it('is never shown in a browser tab', () => {
    installed.value = false
    render(<Splash />)
    expect(splash()).toBeNull()
  })
})
