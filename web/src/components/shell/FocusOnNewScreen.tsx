import { useRouter, type AnyRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { focusIsLost } from '../../lib/focusLost'

/** A field the person types in: what they type goes on going there whatever the address does. */
const typingField =
  'input:not([type=button], [type=checkbox], [type=radio], [type=submit]), textarea, [contenteditable]'

/**
 * Whether the focus, as the new screen left it, is still where it was when the navigation began and
 * means nothing there: on the page's body (the link or button pressed went with the old screen), or on
 * a link or button of the app's frame (the menu, the tab bar) that stays. Not when the new screen put it
 * somewhere itself (a dialog, a field that takes it, a form's refusal), nor on a field being typed in,
 * nor on a control of the screen that stays (a tab switching what is shown below it).
 */
export function focusIsLeftBehind(focusedWhenLeaving: Element | null): boolean {
  const now = document.activeElement
  if (!now || now === document.body) return true
  if (now !== focusedWhenLeaving) return false
  return !now.matches(typingField) && !now.closest('main')
}

/** Focusable for this once: a `tabindex` left behind would take the focus on every click on it. */
export function focusOnce(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1')
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true })
  }
  // ScrollToTop puts the page at its start (the top, or the section the address names).
  element.focus({ preventScroll: true })
}

let stopWaitingForHeading = () => {}

/**
 * The new screen's start: its main heading, so a screen reader says where the person now is and the
 * next Tab goes on from the top of the screen. A screen still loading (a title's page before its
 * details arrive) has none yet: <main> takes the focus, and hands it to the heading when it comes,
 * unless the person has moved it since.
 */
export function focusScreenStart(): void {
  stopWaitingForHeading()
  const main = document.querySelector('main')
  if (!main) return
  const heading = main.querySelector('h1')
  if (heading) {
    focusOnce(heading)
    return
  }
  focusOnce(main)
  const waiting = new MutationObserver(() => {
    const arrived = main.querySelector('h1')
    if (!arrived) return
    stopWaitingForHeading()
    if (document.activeElement === main) focusOnce(arrived)
  })
  waiting.observe(main, { childList: true, subtree: true })
  const stop = () => {
    waiting.disconnect()
    main.removeEventListener('blur', stop)
  }
  main.addEventListener('blur', stop)
  stopWaitingForHeading = stop
}

/**
 * For a dialog that opened by itself (a question asked on arrival): once it has gone, the browser has
 * no control to give the focus back to and leaves it on the page's body; the screen's start takes it.
 */
export function focusScreenStartWhenLost(): void {
  setTimeout(() => {
    if (focusIsLost()) focusScreenStart()
  })
}

/**
 * After a client-side navigation to another path, the focus goes to the new screen's start unless
 * the screen or the person has put it somewhere (`focusIsLeftBehind`). Not on the first load (the
 * browser starts at the top of the document), and not for a change of the address's search only (a
 * filter, a sort, a page of results: the screen stays, and so does the control that changed it).
 */
export function useFocusOnNewScreen(router: AnyRouter): void {
  useEffect(() => {
    let focusedWhenLeaving: Element | null = null
    let check: ReturnType<typeof setTimeout> | undefined
    const stopLeaving = router.subscribe('onBeforeNavigate', () => {
      focusedWhenLeaving = document.activeElement
    })
    const stopRendered = router.subscribe('onRendered', ({ fromLocation, pathChanged }) => {
      if (!fromLocation || !pathChanged) return
      const leftFrom = focusedWhenLeaving
      clearTimeout(check)
      // After the new screen's own effects: a dialog it opens or a field it focuses keeps the focus.
      check = setTimeout(() => {
        if (focusIsLeftBehind(leftFrom)) focusScreenStart()
      }, 0)
    })
    return () => {
      stopLeaving()
      stopRendered()
      clearTimeout(check)
    }
  }, [router])
}

export function FocusOnNewScreen() {
  useFocusOnNewScreen(useRouter())
  return null
}
