import type { ReactNode } from 'react'
import { primaryButton, quietButton } from '../social/socialStyles'

const amberCancel =
  'rounded-full px-5 py-2.5 text-sm font-medium text-zinc-300 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-amber-400'
const amberSubmit =
  'rounded-full bg-amber-400 px-6 py-2.5 text-sm font-semibold text-zinc-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400'
const plainRow = 'flex justify-end gap-2'

const looks = {
  /** A short library form, such as the note. */
  library: { row: plainRow, cancel: amberCancel, submit: amberSubmit },
  /**
   * A long library form, such as the watch log: on a phone the buttons ride a bar at the foot of the
   * sheet, in reach of the thumb however far the form is scrolled, and the action takes the width.
   */
  librarySheet: {
    row: 'sticky bottom-0 -mx-5 -mb-5 flex gap-2 border-t border-white/5 bg-ink/95 px-5 py-3 backdrop-blur sm:static sm:m-0 sm:justify-end sm:border-0 sm:bg-transparent sm:p-0 sm:pt-1',
    cancel: amberCancel,
    submit: `${amberSubmit} flex-1 sm:flex-none shadow-lg shadow-amber-400/20`,
  },
  /** The friends' side of the app (recommending), in its own buttons. */
  social: { row: plainRow, cancel: quietButton, submit: primaryButton },
}

/**
 * Cancel and the one action at the foot of a dialog's form. Cancel goes through the dialog's own
 * dismiss, so unsaved words are asked about as they are on Escape; the action submits the form.
 */
export function DialogActions({
  look,
  onCancel,
  disabled = false,
  children,
}: {
  look: keyof typeof looks
  onCancel: () => void
  /** Only while nothing could be sent yet, or it is being sent. */
  disabled?: boolean
  /** The action's words, e.g. "Save note", "Sending…". */
  children: ReactNode
}) {
  const { row, cancel, submit } = looks[look]
  return (
    <div className={row}>
      <button type="button" onClick={onCancel} className={cancel}>
        Cancel
      </button>
      <button type="submit" disabled={disabled} className={submit}>
        {children}
      </button>
    </div>
  )
}
