import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/** A page that comes sooner than this needs no sign that it is coming. */
export const progressDelayMs = 150

/**
 * A thin bar across the top while the next page is on its way (its code still loading on a slow
 * phone's network): a tab or a title tapped otherwise changed nothing on the screen for half a second
 * and more, and people tapped again. Shown only past `progressDelayMs`, so a quick page does not flash
 * it. Screen readers are not told: the new page's heading takes the focus when it comes.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.isLoading })
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!loading) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), progressDelayMs)
    return () => clearTimeout(timer)
  }, [loading])
  if (!shown) return null
  return (
    <div
      data-testid="navigation-progress"
      aria-hidden="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-reel/20 print:hidden"
    >
      <div className="navigation-progress h-full w-1/3 bg-reel" />
    </div>
  )
}
