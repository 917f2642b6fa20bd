import { useLocation } from '@tanstack/react-router'
import { useEffect } from 'react'

/** Spec §9: late layout (images, lazy chunks) can push the page down, so the scroll is repeated. */
export const scrollRepeatsMs = [0, 10, 50, 100, 300] as const

/** Scrolls the window to the top on every location change. */
export function ScrollToTop() {
  const href = useLocation({ select: (location) => location.href })
  useEffect(() => {
    const timers = scrollRepeatsMs.map((delay) => setTimeout(() => window.scrollTo(0, 0), delay))
    return () => timers.forEach(clearTimeout)
  }, [href])
  return null
}
