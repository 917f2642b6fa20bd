import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { swallowTapsWhereItStood, tapThroughMs } from './tapThrough'

/** A dialog's box on the screen: 100–300 across, 500–600 down. */
function dialogBox(): Element {
  const dialog = document.createElement('dialog')
  dialog.getBoundingClientRect = () => ({ left: 100, right: 300, top: 500, bottom: 600 }) as DOMRect
  return dialog
}

/** A press released at (x, y), as the browser reports it. */
const release = (x: number, y: number) =>
  window.dispatchEvent(new MouseEvent('pointerup', { clientX: x, clientY: y, bubbles: true }))

/** Whether a click at (x, y) reaches the page under the dialog. */
function clickReaches(x: number, y: number): boolean {
  const under = document.createElement('button')
  document.body.append(under)
  let reached = false
  under.addEventListener('click', () => (reached = true))
  under.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true, cancelable: true }))
  under.remove()
  return reached
}

describe('a second tap of the press that closed a dialog', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }))
  afterEach(() => {
    // What one test stopped ends before the next begins.
    vi.runAllTimers()
    vi.useRealTimers()
  })

  it('reaches nothing at the same spot, for a moment', () => {
    release(200, 580)
    swallowTapsWhereItStood(dialogBox())
    expect(clickReaches(205, 583)).toBe(false)
    vi.advanceTimersByTime(tapThroughMs + 1)
    expect(clickReaches(205, 583)).toBe(true)
  })

  it('lets a press elsewhere through at once, even on the dialog’s place', () => {
    release(200, 580)
    swallowTapsWhereItStood(dialogBox())
    expect(clickReaches(120, 510)).toBe(true)
    expect(clickReaches(40, 40)).toBe(true)
  })

  it('stops nothing once the next press went elsewhere, even back at the spot soon after', () => {
    release(200, 580)
    swallowTapsWhereItStood(dialogBox())
    expect(clickReaches(40, 40)).toBe(true)
    // A new dialog's link now stands where the old action was ("Pick one for me", then "Open").
    vi.advanceTimersByTime(100)
    expect(clickReaches(200, 580)).toBe(true)
  })

  it('stops nothing when a key closed the dialog right after a press on it', () => {
    release(200, 580)
    vi.advanceTimersByTime(50)
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    swallowTapsWhereItStood(dialogBox())
    expect(clickReaches(200, 580)).toBe(true)
  })

  it('stops nothing after a close by a key or a press elsewhere', () => {
    release(200, 580)
    // Escape, long after the last press: nothing was tapped to close it.
    vi.advanceTimersByTime(350)
    swallowTapsWhereItStood(dialogBox())
    expect(clickReaches(200, 580)).toBe(true)

    // A press outside the dialog (its backdrop) that closed it is no tap of its action.
    release(20, 20)
    swallowTapsWhereItStood(dialogBox())
    expect(clickReaches(20, 20)).toBe(true)
  })
})
