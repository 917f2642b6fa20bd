import { startTransition, useEffect, useState, type RefObject } from 'react'

export interface ScrollEnds {
  atStart: boolean
  atEnd: boolean
}

// Browsers scroll by fractions of a pixel: a row scrolled to its end can stop just short of it.
const slack = 1

function scrollEndsOf(element: HTMLElement): ScrollEnds {
  return {
    atStart: element.scrollLeft <= slack,
    atEnd: element.scrollLeft + element.clientWidth >= element.scrollWidth - slack,
  }
}

/**
 * Whether a horizontally scrolling element is at its start and at its end, kept up to date as it
 * scrolls, is resized, or gets more or fewer children. The element must be there when the caller
 * mounts (a sibling rendered before it). Until it is measured both ends count as reached, so nothing
 * offers to scroll where it cannot.
 */
export function useScrollEnds(ref: RefObject<HTMLElement | null>): ScrollEnds {
  const [ends, setEnds] = useState<ScrollEnds>({ atStart: true, atEnd: true })
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const next = scrollEndsOf(element)
      // In the background: home's rows render their cards as transitions (`MediaRow`), and an urgent
      // update while one is under way would throw that work away and start it again.
      startTransition(() =>
        setEnds((current) => (current.atStart === next.atStart && current.atEnd === next.atEnd ? current : next)),
      )
    }
    element.addEventListener('scroll', measure, { passive: true })
    // A wider window shows more of the row. The observer also reports the first size once laid out,
    // so the first measure forces no layout of its own.
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    if (resized) resized.observe(element)
    else measure()
    // Cards arriving make it longer; measured at the next frame, when the page is laid out anyway.
    let frame = 0
    const changed =
      typeof MutationObserver === 'undefined'
        ? undefined
        : new MutationObserver(() => {
            cancelAnimationFrame(frame)
            frame = requestAnimationFrame(measure)
          })
    changed?.observe(element, { childList: true })
    return () => {
      element.removeEventListener('scroll', measure)
      resized?.disconnect()
      changed?.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [ref])
  return ends
}
