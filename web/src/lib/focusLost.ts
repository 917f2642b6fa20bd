import { useCallback, useLayoutEffect, useRef, type FocusEvent, type RefObject } from 'react'

/**
 * Whether the keyboard focus is nowhere: on the page's body, where the browser leaves it when the
 * focused element is moved or removed. Giving focus back is right then, and only then: otherwise
 * the person has put it somewhere since.
 *
 * A focused control that has just been disabled (a move button at the top of the list) counts too:
 * it still holds the focus when a layout effect looks, but the browser moves it to the body before
 * the next frame, after any effect could give it back.
 */
export const focusIsLost = (): boolean =>
  document.activeElement === null ||
  document.activeElement === document.body ||
  document.activeElement.matches(':disabled')

interface Waiting {
  control: Element
  next: () => HTMLElement | null
}

/**
 * For a control that leaves the page once used (a friend's row with its Unfriend, answer buttons that
 * become a label, an edit form that becomes the comment), taking the keyboard focus with it: call
 * `focusWhenGone(control, next)` when it is used, and after the render that takes it away, if the
 * focus went with it, `next()` names the control that takes it. The component whose render removes the
 * control calls the hook: its layout effect runs after that render, before another key is read.
 *
 * One control waits at a time. One that stays (React reused its element for what replaced it) keeps
 * the focus itself, and nothing moves it.
 */
export function useFocusWhenGone(): (control: Element, next: () => HTMLElement | null) => void {
  const waiting = useRef<Waiting | null>(null)
  useLayoutEffect(() => {
    const gone = waiting.current
    if (!gone || gone.control.isConnected) return
    waiting.current = null
    if (focusIsLost()) gone.next()?.focus()
  })
  return useCallback((control: Element, next: () => HTMLElement | null) => {
    waiting.current = { control, next }
  }, [])
}

/**
 * For a list whose row leaves with the control used in it (a request answered, an account deleted):
 * `next` for `focusWhenGone`, naming the same control (by its place among its row's `controls`) of the
 * row then in that row's place: the next one, or the one before when it was the last; null when no row
 * is left. Call it when the control is used; `list` is read again once the row has gone. A list in
 * parts (a diary under its months' headings) names its rows by a selector, `rowsIn`.
 */
export function sameControlInPlace(
  list: RefObject<Element | null>,
  control: Element,
  controls = 'button',
  rowsIn = ':scope > *',
): () => HTMLElement | null {
  const rows = (): Element[] => [...(list.current?.querySelectorAll(rowsIn) ?? [])]
  const row = rows().find((candidate) => candidate.contains(control))
  const place = row ? rows().indexOf(row) : 0
  const index = row ? [...row.querySelectorAll(controls)].indexOf(control) : 0
  return () => {
    const now = rows()
    const there = now[Math.min(place, now.length - 1)]
    const found = there?.querySelectorAll<HTMLElement>(controls)
    return found?.[index] ?? found?.[0] ?? null
  }
}

/**
 * `useFocusWhenGone` for a list whose row leaves with the control used in it: the focus goes on to the
 * same control of the row then in its place (`sameControlInPlace`), else, no row left, to
 * `otherwise()` (the list's heading). Call the answer with the control when it is used.
 */
export function useFocusInPlaceWhenGone(
  list: RefObject<Element | null>,
  otherwise: () => HTMLElement | null,
  controls = 'button',
): (control: Element) => void {
  const focusWhenGone = useFocusWhenGone()
  return (control: Element) => {
    const next = sameControlInPlace(list, control, controls)
    focusWhenGone(control, () => next() ?? otherwise())
  }
}

/**
 * For a list whose rows also leave by what is done through a dialog or a menu opened from them (a
 * title marked watched and taken off the watchlist, one removed from its menu, a diary entry
 * removed): by the time the row goes, the control that was used has gone already, so
 * `useFocusWhenGone` has nothing to call. This follows the row's control that last had the focus
 * instead (a control in a dialog or a menu is not one: the control that opened it is), and in the
 * render that takes that row away, if the focus went with it, gives it to the same control of the
 * row then in its place. Put the answer on the list as its `onFocus` (React's bubbles).
 */
export function useFocusStaysInList(
  list: RefObject<HTMLElement | null>,
  controls = 'button, a[href]',
  rowsIn = ':scope > *',
): (event: FocusEvent<HTMLElement>) => void {
  const inPlace = useRef<{ control: Element; row: Element; next: () => HTMLElement | null } | null>(null)
  const follow = useCallback(
    (control: Element) => {
      const row = [...(list.current?.querySelectorAll(rowsIn) ?? [])].find((candidate) => candidate.contains(control))
      inPlace.current = row ? { control, row, next: sameControlInPlace(list, control, controls, rowsIn) } : null
    },
    [list, controls, rowsIn],
  )
  useLayoutEffect(() => {
    const followed = inPlace.current
    if (!followed) return
    if (followed.row.isConnected) {
      // A move changes the row's place: read it again while the row is there.
      follow(followed.control)
      return
    }
    inPlace.current = null
    if (focusIsLost()) followed.next()?.focus()
  })
  return useCallback(
    ({ target }: FocusEvent<HTMLElement>) => {
      if (target.matches(controls) && !target.closest('dialog')) follow(target)
    },
    [controls, follow],
  )
}
