import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react'
import { characterCount } from '@reelmates/contracts/text'
import { appLocale } from '../../lib/appLocale'

interface NoteFieldProps {
  /** The field's name for screen readers and `getByLabel`; `labelClassName="sr-only"` hides it from sight. */
  label: ReactNode
  labelClassName: string
  value: string
  onChange: (value: string) => void
  /** In characters (code points), as the server counts: an emoji is one, a joined family emoji its parts. */
  maxLength: number
  /** A textarea of this many rows; without it, one line (a name, such as where a film was watched). */
  rows?: number
  placeholder: string
  /** The look of the dialog's other fields, so the words sit among them as one of them. */
  fieldClassName: string
  className?: string
  /** What goes with the words, below the count (a review's "Contains spoilers"). */
  children?: ReactNode
}

/**
 * Free words with a limit (a note, a review): the count is the field's description, so a screen
 * reader says how much is written and how much may be when it enters the field, without announcing
 * every keystroke. Words past the limit (a paste, mostly) are kept, not cut where the reader cannot
 * see: the field says how far over it is, and its validity stops the form from being sent until the
 * writer has shortened it (the server refuses it too).
 */
export function NoteField({
  label,
  labelClassName,
  value,
  onChange,
  maxLength,
  rows,
  placeholder,
  fieldClassName,
  className,
  children,
}: NoteFieldProps) {
  const id = useId()
  const field = useRef<HTMLTextAreaElement | HTMLInputElement | null>(null)
  const length = characterCount(value)
  const over = length - maxLength
  const tooLong =
    over > 0
      ? `${over.toLocaleString(appLocale)} ${over === 1 ? 'character' : 'characters'} too long: shorten it to save.`
      : ''
  useEffect(() => field.current?.setCustomValidity(tooLong), [tooLong])
  const shared = {
    id: `${id}-words`,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    placeholder,
    // Words in a right-to-left script run from the right as they are typed.
    dir: 'auto',
    'aria-describedby': `${id}-count`,
    'aria-invalid': over > 0 || undefined,
  }
  return (
    <div className={className}>
      <label htmlFor={`${id}-words`} className={labelClassName}>
        {label}
      </label>
      {rows === undefined ? (
        <input
          ref={(element) => {
            field.current = element
          }}
          {...shared}
          className={fieldClassName}
        />
      ) : (
        <textarea
          ref={(element) => {
            field.current = element
          }}
          rows={rows}
          {...shared}
          className={`${fieldClassName} resize-y`}
        />
      )}
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs tabular-nums ${over > 0 ? 'font-medium text-rose-300' : 'text-zinc-400'}`}
      >
        {over > 0 ? `${tooLong} ` : null}
        {length.toLocaleString(appLocale)} / {maxLength.toLocaleString(appLocale)}
      </p>
      {children}
    </div>
  )
}
