import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { useEffect, useId, useRef, useState } from 'react'

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string | undefined
  hint?: ReactNode
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string
  error?: string | undefined
}

const controlClass = (error: string | undefined) =>
  `w-full rounded-xl border bg-white/[0.04] px-4 text-base text-white placeholder:text-zinc-500 focus:border-reel focus:outline-none focus:ring-2 focus:ring-reel/40 ${error ? 'border-red-400/70' : 'border-white/10'}`

/**
 * The label above a control and its error below, linked (the control gets `id` and aria): a screen
 * reader reads the error with the field. A form says it once a submit is refused by focusing the
 * first invalid field (`useFocusOnRefusal`).
 */
function LabelledControl({
  label,
  error,
  hint,
  control,
}: {
  label: string
  error: string | undefined
  hint?: ReactNode
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      {control(error ? { id, 'aria-invalid': true, 'aria-describedby': errorId } : { id })}
      {error ? (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
      {hint}
    </div>
  )
}

/** A labelled input with its error message linked. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  return (
    <LabelledControl
      label={label}
      error={error}
      hint={hint}
      control={(aria) => <input {...aria} className={`h-12 ${controlClass(error)}`} {...input} />}
    />
  )
}

/** A labelled multi-line text, like `Field`. */
export function TextAreaField({ label, error, ...textarea }: TextAreaFieldProps) {
  return (
    <LabelledControl
      label={label}
      error={error}
      control={(aria) => <textarea {...aria} dir="auto" className={`py-3 ${controlClass(error)}`} {...textarea} />}
    />
  )
}

/**
 * After a refused submit, the first field marked invalid (in page order) gets the focus, centred on
 * screen: a screen reader reads that field with its error, where the errors alone said nothing, and the
 * error may be far above the button just pressed. When that field has the focus already (Enter pressed
 * in it), focusing it says nothing, so its error is said through `announcement`, an alert only a
 * screen reader hears. Put `form` on the `<form>` and `announcement` in it, and call `refused()` with
 * each refusal: the same errors twice bring the field back again.
 */
export function useFocusOnRefusal() {
  const form = useRef<HTMLFormElement>(null)
  const [refusals, setRefusals] = useState(0)
  const [saidInPlace, setSaidInPlace] = useState<{ refusal: number; text: string } | null>(null)
  useEffect(() => {
    if (refusals === 0) return
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (!field) return
    if (field === document.activeElement) {
      setSaidInPlace({ refusal: refusals, text: describedBy(field) })
      return
    }
    setSaidInPlace(null)
    field.scrollIntoView({ block: 'center' })
    field.focus({ preventScroll: true })
  }, [refusals])
  // A new element each time: an alert is read when it appears, the same words again included.
  const announcement = saidInPlace ? (
    <p key={saidInPlace.refusal} role="alert" className="sr-only">
      {saidInPlace.text}
    </p>
  ) : null
  return { form, refused: () => setRefusals((count) => count + 1), announcement }
}

const describedBy = (field: HTMLElement): string =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .filter(Boolean)
    .join(' ')

export function SubmitButton({
  busy,
  children,
  busyLabel,
}: {
  busy: boolean
  children: ReactNode
  busyLabel?: string
}) {
  return (
    // Not `disabled` while busy: Chromium takes the focus away from a focused button that becomes
    // disabled, leaving the keyboard on the page's body after every save. It stays focusable and
    // says it is unavailable; a press (or Enter in a field, which clicks it) submits nothing meanwhile.
    <button
      type="submit"
      aria-disabled={busy}
      aria-busy={busy}
      onClick={(event) => {
        if (busy) event.preventDefault()
      }}
      className="flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-reel-fill font-semibold text-white shadow-lg shadow-reel/20 transition hover:bg-reel-strong aria-disabled:cursor-wait aria-disabled:opacity-80"
    >
      {busy ? <Spinner /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  )
}

export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={`animate-spin ${className}`} aria-hidden="true">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}

type Tone = 'error' | 'success' | 'info' | 'invite'
const toneClass: Record<Tone, string> = {
  error: 'border-red-400/30 bg-red-500/10 text-red-100',
  success: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-50',
  info: 'border-sky-400/30 bg-sky-500/10 text-sky-50',
  invite: 'border-gold/40 bg-gold/10 text-amber-50',
}

/** A message box on a form or result screen; errors are alerts, the rest are polite statuses. */
export function Notice({ tone, title, children }: { tone: Tone; title?: string; children?: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-2xl border px-4 py-3 text-sm ${toneClass[tone]}`}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1 opacity-90' : ''}>{children}</div> : null}
    </div>
  )
}

export function FormCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-white/10 bg-panel/80 p-6 shadow-2xl shadow-black/40 backdrop-blur sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
      {subtitle ? <p className="mt-2 text-sm text-zinc-400">{subtitle}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  )
}
