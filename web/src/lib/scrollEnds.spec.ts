import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useScrollEnds } from './scrollEnds'

/** A row 1000 px long seen through 400 px: jsdom lays nothing out, so the sizes are set by hand. */
function row(scrollWidth = 1000) {
  const element = document.createElement('ul')
  Object.defineProperty(element, 'clientWidth', { value: 400, configurable: true })
  Object.defineProperty(element, 'scrollWidth', { value: scrollWidth, configurable: true })
  return element
}

function scrolledTo(element: HTMLElement, left: number) {
  act(() => {
    element.scrollLeft = left
    element.dispatchEvent(new Event('scroll'))
  })
}

function watched(element: HTMLElement) {
  const ref = { current: element }
  const hook = renderHook(() => useScrollEnds(ref))
  return { ends: () => hook.result.current, unmount: hook.unmount }
}

describe('the ends of a scrolling row', () => {
  it('is at its start, not its end, before it is scrolled', () => {
    expect(watched(row()).ends()).toEqual({ atStart: true, atEnd: false })
  })

  it('leaves its start as it scrolls, and reaches its end', () => {
    const element = row()
    const { ends } = watched(element)
    scrolledTo(element, 300)
    expect(ends()).toEqual({ atStart: false, atEnd: false })
    // Half a pixel short of the end, as a browser may stop, is the end.
    scrolledTo(element, 599.5)
    expect(ends()).toEqual({ atStart: false, atEnd: true })
    scrolledTo(element, 0)
    expect(ends()).toEqual({ atStart: true, atEnd: false })
  })

  it('is at both ends when all of it is in sight', () => {
    expect(watched(row(400)).ends()).toEqual({ atStart: true, atEnd: true })
  })

  it('stops listening once the caller is gone', () => {
    const element = row()
    const { ends, unmount } = watched(element)
    unmount()
    scrolledTo(element, 300)
    expect(ends()).toEqual({ atStart: true, atEnd: false })
  })
})
