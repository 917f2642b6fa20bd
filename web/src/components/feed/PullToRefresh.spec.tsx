import { act, fireEvent, render, screen } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { neverAnsweringServer } from '../../lib/serverInSpecs'
import { PullToRefresh } from './PullToRefresh'

neverAnsweringServer({ browserTab: true })

/**
 * The app's own stylesheet on the page for one spec; what the root and the body then hold back, as
 * the browser computes it (inline styles and the stylesheet's rules alike).
 */
function withAppStyles() {
  const sheet = document.createElement('style')
  sheet.textContent = readFileSync(join(import.meta.dirname, '../../styles.css'), 'utf8')
  document.head.append(sheet)
  onTestFinished(() => sheet.remove())
  return () =>
    [document.documentElement, document.body].map((root) => getComputedStyle(root).overscrollBehaviorY || 'auto')
}

const onThePage = () =>
  render(
    <PullToRefresh onRefresh={() => Promise.resolve()}>
      <ol aria-label="Activity" />
    </PullToRefresh>,
  )

/** The feed's list under a pull, at the top of the page; `refreshed` ends the refresh a pull starts. */
function pullable() {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0)
  let refreshed: () => void = () => undefined
  const onRefresh = vi.fn(() => new Promise<void>((resolve) => (refreshed = resolve)))
  const { container } = render(
    <PullToRefresh onRefresh={onRefresh}>
      <ol aria-label="Activity" />
    </PullToRefresh>,
  )
  const list = screen.getByRole('list', { name: 'Activity' })
  /** The transform the list is moved by, from the nearest box that moves it. */
  const moved = () => (list.closest<HTMLElement>('[style*="transform"]')?.style.transform ?? '').trim()
  const heights = () => [...container.querySelectorAll<HTMLElement>('*')].map((element) => element.style.height)
  return { list, onRefresh, moved, heights, refreshed: () => refreshed() }
}

describe('pull to refresh', () => {
  it('moves the list with a transform, changing no height as the finger moves', () => {
    const { list, moved, heights } = pullable()
    const atRest = heights()
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(list, { touches: [{ clientY: 140 }] })
    expect(moved()).toBe('translateY(20px)')
    fireEvent.touchMove(list, { touches: [{ clientY: 160 }] })
    expect(moved()).toBe('translateY(30px)')
    expect(heights()).toEqual(atRest)
    expect(screen.getByText('Pull to refresh')).toBeTruthy()
  })

  it('refreshes past its threshold, saying so, and the list goes back when it is done', async () => {
    const { list, onRefresh, moved, refreshed } = pullable()
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(list, { touches: [{ clientY: 180 }] })
    expect(screen.getByText('Release to refresh')).toBeTruthy()
    fireEvent.touchEnd(list)
    expect(onRefresh).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Refreshing…')).toBeTruthy()
    expect(moved()).toBe('translateY(32px)')
    await act(async () => refreshed())
    expect(moved()).toBe('')
    expect(screen.queryByText('Refreshing…')).toBeNull()
  })

  it('does nothing for a pull short of its threshold', () => {
    const { list, onRefresh, moved } = pullable()
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(list, { touches: [{ clientY: 150 }] })
    fireEvent.touchEnd(list)
    expect(onRefresh).not.toHaveBeenCalled()
    expect(moved()).toBe('')
  })

  it('a touch the system cancels ends the pull without refreshing, and puts the list back', () => {
    const { list, onRefresh, moved } = pullable()
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(list, { touches: [{ clientY: 190 }] })
    expect(screen.getByText('Release to refresh')).toBeTruthy()
    fireEvent.touchCancel(list)
    expect(onRefresh).not.toHaveBeenCalled()
    expect(moved()).toBe('')
    expect(screen.queryByText('Release to refresh')).toBeNull()
  })

  it('a plain tap after a cancelled pull does not refresh', () => {
    const { list, onRefresh, moved } = pullable()
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(list, { touches: [{ clientY: 190 }] })
    fireEvent.touchCancel(list)
    fireEvent.touchStart(list, { touches: [{ clientY: 300 }] })
    fireEvent.touchEnd(list)
    expect(onRefresh).not.toHaveBeenCalled()
    expect(moved()).toBe('')
    expect(screen.queryByText('Refreshing…')).toBeNull()
  })

  it('does not refresh for a touch that started below the top of the page', () => {
    const { list, onRefresh } = pullable()
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(400)
    fireEvent.touchStart(list, { touches: [{ clientY: 100 }] })
    fireEvent.touchMove(list, { touches: [{ clientY: 190 }] })
    fireEvent.touchEnd(list)
    expect(onRefresh).not.toHaveBeenCalled()
  })

  it("holds back the browser's own pull to refresh while it is on the page, and gives it back after", () => {
    const held = withAppStyles()
    expect(held()).toEqual(['auto', 'auto'])
    const { unmount } = onThePage()
    expect(held()).toEqual(['contain', 'contain'])
    unmount()
    expect(held()).toEqual(['auto', 'auto'])
  })

  it("two on the page at once: the first to go leaves the browser's held back while the other stays", () => {
    const held = withAppStyles()
    const first = onThePage()
    const second = onThePage()
    first.unmount()
    expect(held()).toEqual(['contain', 'contain'])
    second.unmount()
    expect(held()).toEqual(['auto', 'auto'])
  })
})
