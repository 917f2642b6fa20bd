import { useCallback, useLayoutEffect, useRef } from 'react'

/**
 * What a toggle's press turns it to. Usually the opposite of what the screen shows; but the screen
 * draws a change a task after the press that made it (the changes' store tells the screens on a
 * timer), and two taps queued behind a long task on a slow phone arrive one straight after the other:
 * the second must undo the first, not do it again. Each press is remembered, by key, until the next
 * render, which shows what the presses did (or, if one was refused, what is true).
 */
export function useQuickPresses(): (key: string, shown: boolean) => boolean {
  const pressed = useRef(new Map<string, boolean>())
  useLayoutEffect(() => {
    pressed.current.clear()
  })
  return useCallback((key: string, shown: boolean) => {
    const next = !(pressed.current.get(key) ?? shown)
    pressed.current.set(key, next)
    return next
  }, [])
}

/**
 * The second click of a double-click (or of a double tap), which the browser counts in `detail`:
 * many people double-click every button out of habit, and mean one press. A toggle that took it as a
 * second press undid what they asked for (a title added and taken off again at once); a button that
 * sends something sent it twice, and the second was refused with an error toast. Two presses far
 * enough apart to be two clicks (or any press from the keyboard, whose `detail` is 0) still count.
 */
export const isDoubleClickRepeat = (event: { detail: number }): boolean => event.detail > 1
