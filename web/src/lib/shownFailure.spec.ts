import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useShownFailure, type QueryOutcome } from './shownFailure'

const failed = new Error('down')
const failing: QueryOutcome = { error: failed, status: 'error', fetchStatus: 'idle' }
const retrying: QueryOutcome = { error: null, status: 'pending', fetchStatus: 'fetching' }

describe('the failure a screen shows', () => {
  it('stays while the query is tried again, and goes with its answer', () => {
    const { result, rerender } = renderHook((query: QueryOutcome) => useShownFailure(query), {
      initialProps: failing,
    })
    expect(result.current).toBe(failed)
    rerender(retrying)
    expect(result.current).toBe(failed)
    rerender({ error: null, status: 'success', fetchStatus: 'idle' })
    expect(result.current).toBeNull()
    rerender(retrying)
    expect(result.current).toBeNull()
  })

  it('is none on a first load, and none while a retry waits offline', () => {
    const { result, rerender } = renderHook((query: QueryOutcome) => useShownFailure(query), {
      initialProps: retrying,
    })
    expect(result.current).toBeNull()
    rerender(failing)
    rerender({ error: null, status: 'pending', fetchStatus: 'paused' })
    expect(result.current).toBeNull()
  })
})
