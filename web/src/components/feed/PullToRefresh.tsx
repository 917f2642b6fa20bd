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
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const start = useRef<number | null>(null)
  const [pull, setPull] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  const offset = refreshing ? indicatorHeight : pull / 2
  return (
    <div
      className="relative"
      onTouchStart={(event) => {
        start.current = window.scrollY <= 0 && !refreshing ? (event.touches[0]?.clientY ?? null) : null
      }}
      onTouchMove={(event) => {
        if (start.current === null) return
        const distance = (event.touches[0]?.clientY ?? start.current) - start.current
        setPull(Math.max(0, Math.min(distance, threshold * 1.5)))
      }}
      onTouchEnd={() => {
        if (pull >= threshold) {
          setRefreshing(true)
          askServerNow()
          void onRefresh().finally(() => setRefreshing(false))
        }
        start.current = null
        setPull(0)
      }}
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
