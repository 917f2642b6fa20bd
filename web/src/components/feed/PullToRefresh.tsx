import { useRef, useState, type ReactNode } from 'react'
import { askServerNow } from '../../lib/connection'

const threshold = 70

/**
 * On a phone, pulling the page down from its top refreshes it. Only touch starts a pull, and only at
 * the top of the page, so scrolling and a mouse are never taken over.
 */
export function PullToRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const start = useRef<number | null>(null)
  const [pull, setPull] = useState(0)
  const [refreshing, setRefreshing] = useState(false)
  return (
    <div
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
        className="flex items-center justify-center overflow-hidden text-xs text-zinc-400 transition-[height]"
        style={{ height: refreshing ? 32 : pull / 2 }}
      >
        {refreshing ? 'Refreshing…' : pull >= threshold ? 'Release to refresh' : pull > 0 ? 'Pull to refresh' : ''}
      </div>
      {children}
    </div>
  )
}
