import type { MouseEvent, ReactNode, Ref } from 'react'

/**
 * A button unavailable while its change (or another on the same thing) is on its way. Not `disabled`:
 * Chromium takes the focus from a focused button that becomes disabled, so every press left the
 * keyboard, and a screen reader, on the page's body (as `SubmitButton` says). It stays focusable,
 * says it is unavailable, and a press meanwhile does nothing.
 */
export function BusyButton({
  busy,
  className,
  onClick,
  children,
  ref,
}: {
  busy: boolean
  ref?: Ref<HTMLButtonElement>
  className: string
  onClick: (event: MouseEvent<HTMLButtonElement>) => void
  children: ReactNode
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-disabled={busy}
      className={`${className} aria-disabled:cursor-wait aria-disabled:opacity-60`}
      onClick={(event) => {
        if (!busy) onClick(event)
      }}
    >
      {children}
    </button>
  )
}
