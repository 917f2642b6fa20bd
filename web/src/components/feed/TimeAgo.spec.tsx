import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TimeAgo } from './TimeAgo'

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-20T21:00:00.000Z'))
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('a time shown while the page stays open', () => {
  it('keeps its words true as time goes by, without anything else drawing it again', () => {
    render(<TimeAgo iso="2026-11-20T20:41:00.000Z" />)
    expect(screen.getByText('19 minutes ago').getAttribute('datetime')).toBe('2026-11-20T20:41:00.000Z')
    act(() => {
      vi.advanceTimersByTime(60 * 60_000)
    })
    expect(screen.getByText('1 hour ago')).toBeDefined()
    act(() => {
      vi.advanceTimersByTime(24 * 60 * 60_000)
    })
    expect(screen.getByText('yesterday')).toBeDefined()
  })
})
