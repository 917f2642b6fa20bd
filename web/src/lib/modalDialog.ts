import { useCallback, useEffect, useLayoutEffect, useRef, type SyntheticEvent } from 'react'

/**
 * A native modal `<dialog>`, open while its component is mounted (it traps focus and closes on
 * Escape). Spread `dialogProps` on the `<dialog>`.
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
 * `opened` runs once the dialog is shown (to move the focus somewhere else than its first field).
 */
export function useModalDialog({
  onClose,
  opened,
}: {
  onClose: () => void
  opened?: (dialog: HTMLDialogElement) => void
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
    ref.current?.close()
    done()
  }, [done])
  const dialogProps = {
    ref,
    onClose: done,
    // Escape (or a phone's back gesture): closed here rather than by the browser a moment later.
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault()
      close()
    },
    // A click on the backdrop (the dialog element itself) closes it.
    onClick: (event: { target: EventTarget | null }) => {
      if (event.target === ref.current) close()
    },
  }
  return { ref, close, dialogProps }
}
