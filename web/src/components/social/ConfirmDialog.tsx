import { useId, type ReactNode } from 'react'
import { useModalDialog } from '../../lib/modalDialog'
import { primaryButton, quietButton } from './socialStyles'

interface ConfirmDialogProps {
  title: string
  children: ReactNode
  confirmLabel: string
  /**
   * The way out that changes nothing; it has the focus when the dialog opens. "Cancel" unless a
   * better name says what it leaves as it is ("Keep" alone did not say what it kept).
   */
  cancelLabel?: string
  onConfirm: () => void
  onClose: () => void
  /**
   * `danger` (red) for what takes something away; `plain` for a question whose yes loses nothing
   * (taking a forwarded recommendation), where red would read as a warning.
   */
  tone?: 'danger' | 'plain'
}

const dangerButton =
  'inline-flex h-9 items-center rounded-full bg-rose-600 px-4 text-sm font-semibold text-white hover:bg-rose-700'

/**
 * Asks before something that cannot be taken back with one tap (unfriending, deleting a comment).
 * `onConfirm` runs before the dialog closes; `onClose` once it has, with the focus back on what opened it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  onClose,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { close, dialogProps } = useModalDialog({ onClose })
  const id = useId()

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      className="m-0 mt-auto w-full max-w-none rounded-t-2xl border border-white/10 bg-ink p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-sm sm:rounded-2xl"
    >
      <div className="space-y-4 p-5 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          {title}
        </h2>
        <div id={`${id}-text`} className="text-sm text-zinc-400">
          {children}
        </div>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={close} className={quietButton} autoFocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            onClick={() => {
              onConfirm()
              close()
            }}
            className={tone === 'danger' ? dangerButton : primaryButton}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  )
}
