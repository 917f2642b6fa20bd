import { useId, type ReactNode } from 'react'

interface NoteFieldProps {
  /** The field's name for screen readers and `getByLabel`; `labelClassName="sr-only"` hides it from sight. */
  label: ReactNode
  labelClassName: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  rows: number
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
 * every keystroke; the browser stops typing at the limit, which the server enforces too.
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
  return (
    <div className={className}>
      <label htmlFor={`${id}-words`} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={`${id}-words`}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-describedby={`${id}-count`}
        className={`${fieldClassName} resize-y`}
      />
      <p id={`${id}-count`} className="mt-1 text-right text-xs tabular-nums text-zinc-400">
        {value.length.toLocaleString()} / {maxLength.toLocaleString()}
      </p>
      {children}
    </div>
  )
}
