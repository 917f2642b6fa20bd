import { useBlocker } from '@tanstack/react-router'
import { useEffect, useState, useSyncExternalStore } from 'react'

/**
 * Words a person typed into a form and has not saved (a review, a comment, a bio), named as the form
 * names them. Kept for them when the session ends under the form (`wordsWrittenNow`).
 */
export interface WrittenWords {
  label: string
  text: string
}

/** A navigation held back because a form has unsaved changes: the person stays, or leaves them behind. */
export interface LeavingUnsaved {
  stay: () => void
  leave: () => void
}

const noWords: readonly WrittenWords[] = []

// Stable, so the router keeps one blocker instead of swapping it on every keystroke's render.
const always = () => true

// The forms with unsaved changes now, in the order they got them. Only the first one blocks: the
// router asks its blockers one after the other, so two changed forms on one page (a campaign's and a
// template's) would ask twice, the second time after the person had already said Leave. One question
// answers for every form on the page.
let changedForms: readonly symbol[] = []
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const changedNow = () => {
  for (const listener of listeners) listener()
}
function setChanged(form: symbol, changed: boolean) {
  changedForms = changed ? [...changedForms, form] : changedForms.filter((other) => other !== form)
  // The form that would have answered is gone with its changes: nothing is left to lose.
  if (changedForms.length === 0) answerAsked(true)
  changedNow()
}

// The words each changed form holds now, for the session that ends under them. Never a password.
const wordsOf = new Map<symbol, readonly WrittenWords[]>()

/**
 * The unsaved words of the forms on the page now, in the order the forms were changed: read as the
 * session is found ended (components/account/SessionEnded.tsx), in the render that takes the forms away.
 */
export function wordsWrittenNow(): WrittenWords[] {
  return changedForms.flatMap((form) => wordsOf.get(form) ?? []).filter((words) => words.text.trim() !== '')
}

// A question asked outside the router (`askBeforeLeavingUnsaved`), answered in the same dialog.
let asked: ((leave: boolean) => void) | null = null
function answerAsked(leave: boolean) {
  const answer = asked
  if (!answer) return
  asked = null
  answer(leave)
  changedNow()
}

/**
 * For a way out that is not a navigation the router can hold back (Log out ends the session before
 * it moves): asks the page's changed form, in the same dialog, and says whether to go on. Without
 * unsaved changes, yes at once.
 */
export function askBeforeLeavingUnsaved(): Promise<boolean> {
  if (changedForms.length === 0) return Promise.resolve(true)
  answerAsked(false)
  return new Promise((resolve) => {
    asked = resolve
    changedNow()
  })
}

// Set once the person has said Leave to a way out the router does not see (a reload to update the
// app): the browser's own "Leave site?" must not ask a second time.
let leaving = false
const askOnUnload = () => !leaving

/** The page is being left on purpose, its unsaved changes asked about already (false: it stays after all). */
export function leaveWithoutAsking(on = true): void {
  leaving = on
}

/**
 * Holds back leaving a form that differs from what was last saved (`dirty`): a navigation within the
 * app waits for an answer (`UnsavedChangesDialog` asks it), and a reload or closed tab gets the
 * browser's own "Leave site?" prompt. A clean form blocks nothing: the blocker exists only while there
 * is something to lose, so the browser's prompt never asks about nothing. With several changed forms
 * on the page, the first one asks, once, for all of them.
 *
 * `words`: what of the changes the person wrote (not a setting, never a password). When the session
 * ends elsewhere while they are unsaved, the app keeps them on the page instead of going to sign in.
 *
 * A navigation that follows a save made in the same click (the new post's own address) or a
 * deliberate discard passes `ignoreBlocker: true`: the state that says "clean" is drawn a render later.
 */
export function useUnsavedChanges(dirty: boolean, words: readonly WrittenWords[] = noWords): LeavingUnsaved | null {
  const [form] = useState(() => Symbol('form with unsaved changes'))
  useEffect(() => {
    if (!dirty) return
    setChanged(form, true)
    return () => setChanged(form, false)
  }, [dirty, form])
  useEffect(() => {
    if (!dirty) return
    wordsOf.set(form, words)
    return () => void wordsOf.delete(form)
  }, [dirty, form, words])
  const asksForThePage = useSyncExternalStore(subscribe, () => changedForms[0] === form)
  const askedHere = useSyncExternalStore(subscribe, () => asked !== null && changedForms[0] === form)
  const blocker = useBlocker({
    shouldBlockFn: always,
    enableBeforeUnload: askOnUnload,
    disabled: !dirty || !asksForThePage,
    withResolver: true,
  })
  if (blocker.status === 'blocked') return { stay: blocker.reset, leave: blocker.proceed }
  return askedHere ? answeringAsked : null
}

// Stable, like the blocker's answers; a second answer (Stay follows Leave as the dialog closes) is ignored.
const answeringAsked: LeavingUnsaved = { stay: () => answerAsked(false), leave: () => answerAsked(true) }
