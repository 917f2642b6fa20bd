import { useBlocker } from '@tanstack/react-router'

/** A navigation held back because a form has unsaved changes: the person stays, or leaves them behind. */
export interface LeavingUnsaved {
  stay: () => void
  leave: () => void
}

// Stable, so the router keeps one blocker instead of swapping it on every keystroke's render.
const always = () => true

/**
 * Holds back leaving a form that differs from what was last saved (`dirty`): a navigation within the
 * app waits for an answer (`UnsavedChangesDialog` asks it), and a reload or closed tab gets the
 * browser's own "Leave site?" prompt. A clean form blocks nothing: the blocker exists only while there
 * is something to lose, so the browser's prompt never asks about nothing.
 *
 * A navigation that follows a save made in the same click (the new post's own address) or a
 * deliberate discard passes `ignoreBlocker: true`: the state that says "clean" is drawn a render later.
 */
export function useUnsavedChanges(dirty: boolean): LeavingUnsaved | null {
  const blocker = useBlocker({ shouldBlockFn: always, enableBeforeUnload: true, disabled: !dirty, withResolver: true })
  return blocker.status === 'blocked' ? { stay: blocker.reset, leave: blocker.proceed } : null
}
