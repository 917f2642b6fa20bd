import { useEffect, useId, useRef, type ReactNode } from 'react'
import { focusIsLost } from '../../lib/focusLost'
import { inputClass, quietButton } from '../social/socialStyles'

/**
 * Words typed into a comment box that went from under them (its activity or its comment gone
 * meanwhile): what happened, and the words, read-only, to copy. The keyboard, left on the page by the
 * box that went, comes to them.
 */
export function UnsentWords({
  title,
  words,
  children,
  onDismiss,
}: {
  title: string
  words: string
  children: ReactNode
  /** Given the Dismiss button, which goes with the words. */
  onDismiss?: (pressed: HTMLButtonElement) => void
}) {
  const id = useId()
  const box = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (focusIsLost()) box.current?.focus()
  }, [])
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="mt-3 space-y-2 rounded-xl bg-white/5 p-3 text-left">
      <p id={`${id}-title`} className="text-sm font-semibold text-white">
        {title}
      </p>
      <p className="text-sm text-zinc-400">{children}</p>
      <textarea ref={box} readOnly value={words} rows={3} aria-label="Your words" className={inputClass} />
      {onDismiss ? (
        <div className="flex justify-end">
          <button type="button" className={quietButton} onClick={(event) => onDismiss(event.currentTarget)}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  )
}
