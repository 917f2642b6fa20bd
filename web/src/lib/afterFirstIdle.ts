import { useEffect, useState } from 'react'

/**
 * False on the first render, true once the browser has first been idle after it (at most `timeoutMs`
 * later). For work a page can start late that reads layout, such as a carousel measuring its
 * slides: done while the page is still being built, each read forces a layout of its own; done when
 * the browser is idle, the layout it reads is already there. Browsers without requestIdleCallback
 * (Safari) get the next task.
 */
export function useAfterFirstIdle(timeoutMs = 2000): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0)
      return () => clearTimeout(timer)
    }
    const id = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs })
    return () => cancelIdleCallback(id)
  }, [timeoutMs])
  return idle
}
