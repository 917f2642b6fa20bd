/** How long after a dialog closes a second tap of the press that closed it is taken as part of it. */
export const tapThroughMs = 400
/** How far from the closing press a second one counts as the same spot (a thumb's wobble). */
export const tapThroughRadiusPx = 32
/** A close this soon after a press's release was made by it, not by a key or a timer. */
const closedByPressMs = 300

const swallowed = ['pointerdown', 'pointerup', 'touchend', 'mousedown', 'mouseup', 'click', 'dblclick'] as const

interface Press {
  x: number
  y: number
  at: number
}

function pointOf(event: Event): { x: number; y: number } | undefined {
  if ('changedTouches' in event) {
    const touch = (event as TouchEvent).changedTouches[0]
    return touch && { x: touch.clientX, y: touch.clientY }
  }
  if ('clientX' in event) return { x: (event as MouseEvent).clientX, y: (event as MouseEvent).clientY }
  return undefined
}

/** The last press released anywhere on the page: where, and when. */
let lastRelease: Press | undefined
if (typeof window !== 'undefined') {
  window.addEventListener(
    'pointerup',
    (event) => {
      lastRelease = { x: event.clientX, y: event.clientY, at: performance.now() }
    },
    { capture: true, passive: true },
  )
  // A key pressed after the last release closed the dialog (Escape, Enter), however soon it came.
  window.addEventListener('keydown', () => (lastRelease = undefined), { capture: true, passive: true })
}

/**
 * For `tapThroughMs` after `element` (a dialog) is closed by a press on it, a second press at the same
 * spot reaches nothing. A dialog closes in the click of its action (so the page is usable at once), and
 * a quick second tap of "Log it" then landed on what lay under it: on a phone, the bottom bar's Feed
 * tab, which took the person away. Only that second tap is stopped: a close by a key (Escape, Enter)
 * stops nothing, and a press elsewhere (the next button, the bell) goes through at once. Pointer, mouse
 * and touch events there are stopped before the page sees them (a listener on the window, in the
 * capture phase), and the touch's end and the click are cancelled, so no link follows and no
 * compatibility click is made. A touch's start is left alone, so a scroll can still begin.
 */
export function swallowTapsWhereItStood(element: Element): void {
  const press = lastRelease
  if (!press || performance.now() - press.at > closedByPressMs) return
  const place = element.getBoundingClientRect()
  const onIt = press.x >= place.left && press.x <= place.right && press.y >= place.top && press.y <= place.bottom
  if (!onIt) return
  const stop = () => {
    window.clearTimeout(timer)
    for (const type of swallowed) window.removeEventListener(type, swallow, { capture: true })
  }
  const swallow = (event: Event) => {
    const point = pointOf(event)
    if (!point) return
    // The next press went elsewhere: the thumb has moved on, and a later press at the old spot is meant.
    if (Math.hypot(point.x - press.x, point.y - press.y) > tapThroughRadiusPx) return stop()
    event.stopImmediatePropagation()
    if (event.cancelable && event.type !== 'pointerdown' && event.type !== 'mousedown') event.preventDefault()
  }
  for (const type of swallowed) window.addEventListener(type, swallow, { capture: true, passive: false })
  const timer = window.setTimeout(stop, tapThroughMs)
}
