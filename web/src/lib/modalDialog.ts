import { useCallback, useEffect, useRef } from 'react'

/**
 * A native modal `<dialog>`, open while its component is mounted (it traps focus and closes on
 * Escape). `close` closes it as Escape does: the browser gives the focus back to what opened it, then
 * the dialog's `close` event runs the component's `onClose`, which unmounts it. Unmounting a dialog
 * that is still open instead leaves the focus on the page's body, so a keyboard or screen-reader
 * user who pressed "Save" starts again from the top of the page.
 *
 * `opened` runs once the dialog is shown (to move the focus somewhere else than its first field).
 */
export function useModalDialog(opened?: (dialog: HTMLDialogElement) => void) {
  const ref = useRef<HTMLDialogElement>(null)
  const whenOpened = useRef(opened)
  useEffect(() => {
    const element = ref.current
    if (element && !element.open) {
      element.showModal()
      whenOpened.current?.(element)
    }
    return () => element?.close()
  }, [])
  const close = useCallback(() => ref.current?.close(), [])
  /** For the dialog's own onClick: a click on the backdrop (the dialog element itself) closes it. */
  const closeOnBackdrop = useCallback(
    (event: { target: EventTarget | null }) => {
      if (event.target === ref.current) close()
    },
    [close],
  )
  return { ref, close, closeOnBackdrop }
}
