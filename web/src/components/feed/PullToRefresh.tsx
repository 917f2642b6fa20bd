import { useRef, useState, type ReactNode } from 'react'
import { askServerNow } from '../../lib/connection'

const threshold = 70
/** The words' height: the list stays that far down while it refreshes. */
const indicatorHeight = 32

/**
 * On a phone, pulling the page down from its top refreshes it. Only touch starts a pull, and only at
 * the top of the page, so scrolling and a mouse are never taken over.
 *
 * The pull moves the list with a transform and uncovers the words under it, so a move lays nothing
 * out again: growing a bar above the whole feed laid the page out on every touchmove, 160–235 ms each
 * on a slow phone. At rest there is no transform (it would make the list a stacking context of its
 * own, under the top bar's "Show new activities"). Transitions follow the one reduced-motion rule in
 * styles.css.
 *
 * While it is on the page the browser's own pull to refresh is held back, by a rule in styles.css
 * that keys on `data-pull-to-refresh` (see there why).
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  /** Where the finger went down, while a pull from the top is under way; null otherwise. */
  const start = useRef<number | null>(null)
  /** The pull's distance as last moved, kept beside the state so a touch's end never reads an old one. */
  const pulled = useRef(0)
  const [pull, setPull] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  const offset = refreshing ? indicatorHeight : pull / 2
  const move = (distance: number) => {
    pulled.current = distance
    setPull(distance)
  }
  /**
   * A touch that ends (or that the system takes, `touchcancel`: an edge swipe, an incoming call) ends
   * the pull. Only a pull that started at the top and went past the threshold refreshes: a cancelled
   * one left the list down under "Release to refresh", and the next plain tap refreshed.
   */
  const finish = (release: boolean) => {
    const refresh = release && start.current !== null && pulled.current >= threshold
    start.current = null
    move(0)
    if (!refresh) return
    setRefreshing(true)
    askServerNow()
    void onRefresh().finally(() => setRefreshing(false))
  }
  return (
    <div
      data-pull-to-refresh
      className="relative"
      onTouchStart={(event) => {
        start.current = window.scrollY <= 0 && !refreshing ? (event.touches[0]?.clientY ?? null) : null
        move(0)
      }}
      onTouchMove={(event) => {
        if (start.current === null) return
        const distance = (event.touches[0]?.clientY ?? start.current) - start.current
        move(Math.max(0, Math.min(distance, threshold * 1.5)))
      }}
      onTouchEnd={() => finish(true)}
      onTouchCancel={() => finish(false)}
    >
      <div
        aria-live="polite"
        className="absolute inset-x-0 top-0 flex items-center justify-center text-xs text-zinc-400"
        style={{ height: indicatorHeight }}
      >
        {refreshing ? 'Refreshing…' : pull >= threshold ? 'Release to refresh' : pull > 0 ? 'Pull to refresh' : ''}
      </div>
      <div
        className="relative transition-transform"
        style={offset > 0 ? { transform: `translateY(${offset}px)` } : undefined}
      >
        {children}
      </div>
    </div>
  )
}
