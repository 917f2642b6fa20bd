/** How long after a dialog closes a tap where it stood is taken for the rest of the one that closed it. */
export const tapThroughMs = 400

const swallowed = ['pointerdown', 'pointerup', 'touchend', 'mousedown', 'mouseup', 'click', 'dblclick'] as const

function pointOf(event: Event): { x: number; y: number } | undefined {
  if ('changedTouches' in event) {
    const touch = (event as TouchEvent).changedTouches[0]
    return touch && { x: touch.clientX, y: touch.clientY }
  }
  if ('clientX' in event) return { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY }
  return undefined
}

/**
 * For `tapThroughMs` after `element` goes, a press where it stood reaches nothing. A dialog closes in
 * the click of its action (so the page is usable at once), and a quick second tap of "Log it" then
 * landed on what lay under it: on a phone, the bottom bar's Feed tab, which took the person away.
 * Pointer, mouse and touch events there are stopped before the page sees them (a listener on the
 * window, in the capture phase), and the touch's end and the click are cancelled, so no link follows
 * and no compatibility click is made. A touch's start is left alone, so a scroll can still begin.
 */
export function swallowTapsWhereItStood(element: Element): void {
  const place = element.getBoundingClientRect()
  if (place.width === 0 || place.height === 0) return
  const swallow = (event: Event) => {
    const point = pointOf(event)
    if (!point) return
    const inside = point.x >= place.left && point.x <= place.right && point.y >= place.top && point.y <= place.bottom
    if (!inside) return
    event.stopImmediatePropagation()
    if (event.cancelable && event.type !== 'pointerdown' && event.type !== 'mousedown') event.preventDefault()
  }
  for (const type of swallowed) window.addEventListener(type, swallow, { capture: true, passive: false })
  window.setTimeout(() => {
    for (const type of swallowed) window.removeEventListener(type, swallow, { capture: true })
  }, tapThroughMs)
}
