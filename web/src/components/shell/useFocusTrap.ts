import { useEffect, useRef, type RefObject } from 'react'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * A modal panel that really is modal for the keyboard (issue 15.6): focus moves into it when it opens,
 * Tab and Shift+Tab stay inside, and focus goes back where it was when it closes.
 */
export function useFocusTrap<T extends HTMLElement>(active: boolean): RefObject<T | null> {
  const panel = useRef<T>(null)
  useEffect(() => {
    const element = panel.current
    if (!active || !element) return
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const items = () => [...element.querySelectorAll<HTMLElement>(focusable)]
    items()[0]?.focus()
    const keepInside = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const all = items()
      const first = all[0]
      const last = all.at(-1)
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    element.addEventListener('keydown', keepInside)
    return () => {
      element.removeEventListener('keydown', keepInside)
      before?.focus()
    }
  }, [active])
  return panel
}
