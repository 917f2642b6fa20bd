import { useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'

/** Spec §9: late layout (images, lazy chunks) can push the page down, so the scroll is repeated. */
export const scrollRepeatsMs = [0, 10, 50, 100, 300] as const

/**
 * Puts the page at its start: the top, or the section an address names with #id (the unsubscribe
 * page links to the profile's email preferences), each time late layout may have moved it.
 */
export function scrollToStart(hash: string): void {
  const target = hash ? document.getElementById(decodeURIComponent(hash)) : null
  if (target) target.scrollIntoView({ block: 'start' })
  else window.scrollTo(0, 0)
}

/** Scrolls the window to the top on every location change, at each of `scrollRepeatsMs`. */
export function useScrollToTopOnNavigation(href: string, hash: string): void {
  useEffect(() => {
    const timers = scrollRepeatsMs.map((delay) => setTimeout(() => scrollToStart(hash), delay))
    return () => timers.forEach(clearTimeout)
  }, [href, hash])
}

export function ScrollToTop() {
  const href = useLocation({ select: (location) => location.href })
  const hash = useLocation({ select: (location) => location.hash })
  useScrollToTopOnNavigation(href, hash)
  return null
}
