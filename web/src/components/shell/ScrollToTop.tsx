import { useLocation, type HistoryState } from '@tanstack/react-router'
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

/**
 * What a person does to a page themselves. Once they act, the page is theirs: a repeat still to come
 * would take them from where they scrolled to, or from the field a refused form has just brought into
 * view, back to the top.
 */
const userInputs = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const

// HistoryState is declared by @tanstack/history, which the router re-exports it from.
declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by `keepingScroll`: this change of address is no new page. */
    keepScroll?: boolean
  }
}

/**
 * Navigate options for a change of address that is no new page (an event opened in a list, kept in
 * the address for a reload or a shared link): the window stays where it was scrolled.
 */
export const keepingScroll = {
  resetScroll: false,
  state: (previous: HistoryState): HistoryState => ({ ...previous, keepScroll: true }),
} as const

/**
 * Scrolls the window to the top on every location change, at each of `scrollRepeatsMs`, until the
 * person first acts on the page; not for a change made `keepingScroll`.
 */
export function useScrollToTopOnNavigation(href: string, hash: string, keep = false): void {
  useEffect(() => {
    if (keep) return
    const timers = scrollRepeatsMs.map((delay) => setTimeout(() => scrollToStart(hash), delay))
    const stop = () => {
      timers.forEach(clearTimeout)
      userInputs.forEach((type) => window.removeEventListener(type, stop, true))
    }
    userInputs.forEach((type) => window.addEventListener(type, stop, { capture: true, passive: true }))
    return stop
    // `keep` is read with the href it came with, not as a change of its own.
  }, [href, hash])
}

export function ScrollToTop() {
  const href = useLocation({ select: (location) => location.href })
  const hash = useLocation({ select: (location) => location.hash })
  const keep = useLocation({ select: (location) => location.state.keepScroll === true })
  useScrollToTopOnNavigation(href, hash, keep)
  return null
}
