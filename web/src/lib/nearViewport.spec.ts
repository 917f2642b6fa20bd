import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNearViewport } from './nearViewport'

/** An IntersectionObserver the test drives: it remembers what it watches and with which margin. */
class FakeObserver {
  static made: FakeObserver[] = []
  watched: Element[] = []
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.made.push(this)
  }
  observe(element: Element) {
    this.watched.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  report(isIntersecting: boolean) {
    const entries = this.watched.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry)
    this.callback(entries, this as unknown as IntersectionObserver)
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeObserver.made = []
})

function watching(margin: string, already = false) {
  const element = document.createElement('section')
  const hook = renderHook(() => {
    const [ref, near] = useNearViewport<HTMLElement>(margin, already)
    ref.current = element
    return near
  })
  return { element, hook }
}

describe('useNearViewport', () => {
  it('is false until the element comes within the margin, then true for good', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const { element, hook } = watching('100% 0px')
    expect(hook.result.current).toBe(false)
    const [observer] = FakeObserver.made
    expect(observer?.watched).toEqual([element])
    expect(observer?.options.rootMargin).toBe('100% 0px')

    act(() => observer?.report(false))
    expect(hook.result.current).toBe(false)
    act(() => observer?.report(true))
    await waitFor(() => expect(hook.result.current).toBe(true))
    // Nothing more to wait for: it stops watching, and scrolling away changes nothing.
    expect(observer?.disconnected).toBe(true)
    act(() => observer?.report(false))
    expect(hook.result.current).toBe(true)
  })

  it('starts true, watching nothing, when told it is already near', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    const { hook } = watching('0px', true)
    expect(hook.result.current).toBe(true)
    expect(FakeObserver.made).toHaveLength(0)
  })

  it('starts true where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    expect(watching('0px').hook.result.current).toBe(true)
  })
})
