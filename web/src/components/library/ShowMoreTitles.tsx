import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'

/**
 * How many titles a long watchlist draws at first, and how many more each time. 500 cards took
 * seconds to draw and lay out on a laptop, and every change laid them all out again
 * (docs/performance.md, "The watchlist screen"); a hundred fill several screens.
 */
export const titlesAtOnce = 100

/**
 * The watchlist drawn a hundred titles at a time: more as the reader nears the end, or with "Show
 * more". `reach(index)` draws at least up to that place, for a move that takes a title beyond what is
 * drawn (its controls must be there to take the focus back). `list` is the `<ol>` of the titles: after
 * "Show more", the focus goes to the first title it brought.
 */
export function useTitlesShown(total: number, list: RefObject<HTMLElement | null>) {
  const [limit, setLimit] = useState(titlesAtOnce)
  const focusAt = useRef<number | null>(null)
  const more = useCallback((focus: boolean) => {
    setLimit((shown) => {
      if (focus) focusAt.current = shown
      return shown + titlesAtOnce
    })
  }, [])
  const reach = useCallback((index: number) => setLimit((shown) => Math.max(shown, index + 1)), [])
  useLayoutEffect(() => {
    const at = focusAt.current
    if (at === null) return
    focusAt.current = null
    list.current?.children[at]?.querySelector<HTMLElement>('a[href], button')?.focus()
  }, [limit, list])
  return { shown: Math.min(limit, total), more, reach }
}

/**
 * "Show more" under a long watchlist: a button any keyboard or switch can reach, and, where the
 * browser has an IntersectionObserver, pressed for the reader as it scrolls within a screen of it.
 */
export function ShowMoreTitles({
  shown,
  total,
  onMore,
}: {
  shown: number
  total: number
  onMore: (focus: boolean) => void
}) {
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const node = button.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && onMore(false),
      {
        rootMargin: '800px 0px',
      },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [onMore, shown])
  if (shown >= total) return null
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <p className="text-xs text-zinc-400">
        The first {shown} of {total} are shown.
      </p>
      <button
        ref={button}
        type="button"
        onClick={() => onMore(true)}
        className="inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold text-amber-300 ring-1 ring-amber-400/30 hover:bg-amber-400/10 focus-visible:outline-2 focus-visible:outline-amber-400"
      >
        Show {Math.min(titlesAtOnce, total - shown)} more
      </button>
    </div>
  )
}
