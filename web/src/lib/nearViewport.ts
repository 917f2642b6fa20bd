import { startTransition, useEffect, useRef, useState } from 'react'

/**
 * Whether an element has come within `margin` of the screen, once: it stays true after that, so
 * what it rendered is not taken away when it scrolls out again. Starts true where the browser has
 * no IntersectionObserver (nothing to wait for) or when `already` says so.
 */
export function useNearViewport<T extends Element>(margin: string, already = false) {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(already || typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        // In the background, as a row's tiles are rendered when their list lands (see `MediaRow`).
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true))
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, margin])
  return [ref, near] as const
}
