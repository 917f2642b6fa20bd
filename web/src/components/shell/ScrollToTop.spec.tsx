import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scrollRepeatsMs, useScrollToTopOnNavigation } from './ScrollToTop'

describe('the page-top scroll (spec §2, §9)', () => {
  let scrollTo: ReturnType<typeof vi.fn>
  beforeEach(() => {
    vi.useFakeTimers()
    scrollTo = vi.fn()
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('scrolls to the top at 0, 10, 50, 100 and 300 ms after a location change', () => {
    expect(scrollRepeatsMs).toEqual([0, 10, 50, 100, 300])
    const { rerender } = renderHook(({ href }) => useScrollToTopOnNavigation(href, ''), {
      initialProps: { href: '/a' },
    })
    const seen: number[] = []
    let elapsed = 0
    for (const step of [0, 10, 50, 100, 300, 1000]) {
      vi.advanceTimersByTime(step - elapsed)
      elapsed = step
      seen.push(scrollTo.mock.calls.length)
    }
    // One more scroll at each of the five moments, none afterwards.
    expect(seen).toEqual([1, 2, 3, 4, 5, 5])
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0)

    rerender({ href: '/b' })
    vi.advanceTimersByTime(300)
    expect(scrollTo).toHaveBeenCalledTimes(10)
  })

  it('a new location cancels the repeats of the previous one', () => {
    const { rerender } = renderHook(({ href }) => useScrollToTopOnNavigation(href, ''), {
      initialProps: { href: '/a' },
    })
    vi.advanceTimersByTime(20)
    expect(scrollTo).toHaveBeenCalledTimes(2)
    rerender({ href: '/b' })
    vi.advanceTimersByTime(1000)
    expect(scrollTo).toHaveBeenCalledTimes(2 + 5)
  })

  it.each(['pointerdown', 'keydown', 'wheel', 'touchstart'])(
    'stops repeating once the person acts on the page (%s)',
    (type) => {
      renderHook(() => useScrollToTopOnNavigation('/profile', ''))
      vi.advanceTimersByTime(20)
      expect(scrollTo).toHaveBeenCalledTimes(2)
      document.body.dispatchEvent(new Event(type, { bubbles: true }))
      vi.advanceTimersByTime(1000)
      expect(scrollTo).toHaveBeenCalledTimes(2)
    },
  )

  it('leaves no listener behind once the page has left', () => {
    const added = vi.spyOn(window, 'addEventListener')
    const removed = vi.spyOn(window, 'removeEventListener')
    const { unmount } = renderHook(() => useScrollToTopOnNavigation('/a', ''))
    unmount()
    const types = (calls: unknown[][]) => calls.map(([type]) => type).sort()
    expect(types(added.mock.calls)).toEqual(['keydown', 'pointerdown', 'touchstart', 'wheel'])
    expect(types(removed.mock.calls)).toEqual(types(added.mock.calls))
    added.mockRestore()
    removed.mockRestore()
  })

  it('with #section, brings that section into view instead of the top, repeatedly', () => {
    const section = document.createElement('div')
    section.id = 'email-preferences'
    const scrollIntoView = vi.fn()
    section.scrollIntoView = scrollIntoView
    document.body.append(section)
    renderHook(() => useScrollToTopOnNavigation('/profile#email-preferences', 'email-preferences'))
    vi.advanceTimersByTime(300)
    expect(scrollIntoView).toHaveBeenCalledTimes(5)
    expect(scrollTo).not.toHaveBeenCalled()
  })
})
