import { useEffect, useRef, type RefObject } from 'react'

/**
 * "Show more" goes away with the last page: the focus moves on to what it brought rather than to the
 * page's top. The element at place `focusAt` of a list of `count` takes the focus once it is shown,
 * then `onFocused` says so (the caller forgets `focusAt`). Put `refAt(index)` on each item's element.
 */
export function useFocusOnArrival<T extends HTMLElement>(
  focusAt: number | null,
  count: number,
  onFocused: (() => void) | undefined,
): (index: number) => RefObject<T | null> | undefined {
  const toFocus = useRef<T>(null)
  const arrived = focusAt !== null && count > focusAt
  useEffect(() => {
    if (!arrived) return
    toFocus.current?.focus()
    onFocused?.()
  }, [arrived, onFocused])
  return (index) => (arrived && index === focusAt ? toFocus : undefined)
}
