import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react'
import { swallowTapsWhereItStood } from './tapThrough'
import type { LeavingUnsaved } from './unsavedChanges'

/**
 * A native modal `<dialog>`, open while its component is mounted (it traps focus and closes on
 * Escape). Spread `dialogProps` on the `<dialog>`. The page behind it does not scroll meanwhile: that is
 * styles.css's (`html:has(dialog:modal)`), the browser's modal dialog does not stop it.
 *
 * `close` closes it as Escape does: the browser gives the focus back to what opened it, then
 * `onClose` runs, which unmounts it. Unmounting a dialog that is still open instead leaves the focus
 * on the page's body, so a keyboard or screen-reader user who pressed "Save" starts again from the top
 * of the page.
 *
 * `onClose` runs at once, in the same task as the close (a button, Escape, a tap on the backdrop), not
 * on the dialog's `close` event: the browser queues that event, and on a busy page it came half a
 * second later. Until then the component still thought the dialog open, so a press on the control
 * that opens it again did nothing. The event stays the way out for closes this hook does not see.
 *
 * A quick second tap of the press that closed it reaches nothing where the dialog stood (./tapThrough):
 * it landed on the bottom bar under a phone's sheet and navigated away.
 *
 * `opened` runs once the dialog is shown (to move the focus somewhere else than its first field).
 *
 * A dialog holding a form passes `unsaved` while the form differs from how it opened. Then a close the
 * person did not mean as "save" (Escape, a tap on the backdrop, `dismiss` for its Close and Cancel
 * buttons) asks first: `leaving` is set, for `UnsavedChangesDialog` rendered beside the `<dialog>` (not
 * inside it, so its clicks and keys are its own). `close` stays unconditional, for after a save.
 * `leavingPage` is the page's own question (`useFormDialog`): the browser's Back while the form is
 * changed asks in the same dialog.
 */
export function useModalDialog({
  onClose,
  opened,
  unsaved = false,
  leavingPage = null,
}: {
  onClose: () => void
  opened?: (dialog: HTMLDialogElement) => void
  unsaved?: boolean
  leavingPage?: LeavingUnsaved | null
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const whenOpened = useRef(opened)
  const whenClosed = useRef(onClose)
  useLayoutEffect(() => {
    whenClosed.current = onClose
  })
  const closed = useRef(false)
  useEffect(() => {
    const element = ref.current
    if (element && !element.open) {
      closed.current = false
      element.showModal()
      whenOpened.current?.(element)
    }
    return () => {
      // Taken away by its parent: nobody is left to tell.
      closed.current = true
      element?.close()
    }
  }, [])
  const done = useCallback(() => {
    if (closed.current) return
    closed.current = true
    whenClosed.current()
  }, [])
  const close = useCallback(() => {
    const dialog = ref.current
    if (dialog?.open) swallowTapsWhereItStood(dialog)
    dialog?.close()
    done()
  }, [done])
  const [askingToDiscard, setAskingToDiscard] = useState(false)
  const discarding = useRef(false)
  const dismiss = useCallback(() => {
    if (unsaved) setAskingToDiscard(true)
    else close()
  }, [unsaved, close])
  const leaving: LeavingUnsaved | null = askingToDiscard
    ? {
        // The question closes first (its own close, which comes after this): the focus is back in
        // this dialog then, and this one's close gives it on to what opened it.
        leave: () => {
          discarding.current = true
        },
        stay: () => {
          setAskingToDiscard(false)
          if (discarding.current) close()
        },
      }
    : leavingPage
  const dialogProps = {
    ref,
    onClose: done,
    // Escape is taken here, before it becomes the browser's close request: the HTML standard lets a page
    // refuse that request (the cancel below) only with a user activation since the last refusal, and
    // Escape is none, so "Escape, Escape (Stay), Escape" could close the form without asking. (The
    // Chromium of the e2e asks all the same; this does not depend on it.) A key a control inside has
    // used (default prevented) is left to it.
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      event.preventDefault()
      dismiss()
    },
    // A phone's back gesture (or an Escape that got past the above): closed here rather than by the
    // browser a moment later. One the browser does not let the page refuse closes whatever is asked.
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault()
      if (event.cancelable) dismiss()
      else close()
    },
    // A click on the backdrop (the dialog element itself) closes it.
    onClick: (event: { target: EventTarget | null }) => {
      if (event.target === ref.current) dismiss()
    },
  }
  return { ref, close, dismiss, leaving, dialogProps }
}
