import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAfterFirstIdle } from './afterFirstIdle'

afterEach(() => vi.unstubAllGlobals())

describe('useAfterFirstIdle', () => {
  it('is false on the first render and true once the browser has been idle', async () => {
    let idle: (() => void) | undefined
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => ((idle = callback), 7))
    vi.stubGlobal('cancelIdleCallback', vi.fn())
    const { result } = renderHook(() => useAfterFirstIdle())
    expect(result.current).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Not before the idle callback: a timer alone does not start the work.
    expect(result.current).toBe(false)
    act(() => idle?.())
    await waitFor(() => expect(result.current).toBe(true))
  })

  it('waits for the next task where the browser has no requestIdleCallback (Safari)', async () => {
    vi.stubGlobal('requestIdleCallback', undefined)
    const { result } = renderHook(() => useAfterFirstIdle())
    expect(result.current).toBe(false)
    await waitFor(() => expect(result.current).toBe(true))
  })
})
