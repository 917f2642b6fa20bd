import { commentMax, commentRefusal } from '@reelmates/contracts/feed'
import { characterCount } from '@reelmates/contracts/text'
import { useEffect, useId, useRef, useState, type Ref, type SyntheticEvent } from 'react'
import { useUnsavedChanges } from '../../lib/unsavedChanges'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { inputClass, primaryButton, quietButton } from '../social/socialStyles'
import { appLocale } from '../../lib/appLocale'

/**
 * The box that writes a comment, or edits one (with Cancel), and says what is wrong before sending.
 * `ref` is the form's: a comment being edited follows it to know when it has gone. Words written and
 * not sent are asked about before the page is left (a link, the back gesture, a reload), as a form's are.
 */
export function CommentForm({
  ref,
  initial = '',
  label,
  submitLabel,
  onSubmit,
  onCancel,
  onUnsentChange,
}: {
  ref?: Ref<HTMLFormElement>
  initial?: string
  label: string
  submitLabel: string
  /** Resolves false when the server refused the comment: its words come back into the box. */
  onSubmit: (content: string) => Promise<boolean>
  onCancel?: () => void
  /**
   * The words in the box or on their way, not yet taken by the server: for a screen that can take the
   * box away from under them (the activity or the comment gone meanwhile) and must still show them.
   */
  onUnsentChange?: (words: string) => void
}) {
  const id = useId()
  const [content, setContent] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  // Said to a screen reader once the server has the comment: the box empties at once, and the
  // comment appearing in the thread above is announced by nothing else.
  const [said, setSaid] = useState('')
  /**
   * The box was emptied by a send and nothing typed since: a submit now is the second tap of a double
   * tap, not a blank comment, and is let go without a word. A ref, so that a tap landing before the
   * emptied box is drawn cannot send the words twice either.
   */
  const justSent = useRef(false)
  const [sending, setSending] = useState<string | null>(null)
  useEffect(() => onUnsentChange?.(content !== '' ? content : (sending ?? '')), [content, sending, onUnsentChange])
  // Counted as the rule counts (trimmed, in characters), as the review box counts its words.
  const length = characterCount(content.trim())
  const over = length - commentMax
  const leaving = useUnsavedChanges(content.trim() !== '' && content !== initial, [
    { label: onCancel ? 'Your edited comment' : 'Your comment', text: content },
  ])
  const submit = (event: SyntheticEvent) => {
    event.preventDefault()
    if (justSent.current) return
    // The decider's own rule, so the form never lets through what the server then refuses in a toast.
    const refusal = commentRefusal(content)
    if (refusal) return setError(refusal)
    setError(null)
    setContent('')
    setSending(content)
    justSent.current = true
    void onSubmit(content).then((taken) => {
      setSending(null)
      // An edit's form is gone by then: its thread says "Comment saved".
      if (taken) return setSaid(onCancel ? '' : 'Comment posted')
      justSent.current = false
      setContent((now) => (now === '' ? content : now))
    })
  }
  // A message is about the words as they were sent: once they change it no longer applies.
  const type = (text: string) => {
    justSent.current = false
    setError(null)
    setSaid('')
    setContent(text)
  }
  return (
    <form ref={ref} onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        dir="auto"
        value={content}
        onChange={(event) => type(event.target.value)}
        rows={2}
        placeholder="Write a comment…"
        className={inputClass}
        aria-invalid={error !== null || over > 0}
        aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`}
      />
      <p
        id={`${id}-count`}
        className={`text-right text-xs tabular-nums ${over > 0 ? 'font-medium text-rose-300' : 'text-zinc-400'}`}
      >
        {over > 0 ? `${over.toLocaleString(appLocale)} ${over === 1 ? 'character' : 'characters'} too long. ` : null}
        {length.toLocaleString(appLocale)} / {commentMax.toLocaleString(appLocale)}
      </p>
      <p role="status" className="sr-only">
        {said}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" className={quietButton} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={primaryButton}>
          {submitLabel}
        </button>
      </div>
      <UnsavedChangesDialog leaving={leaving} />
    </form>
  )
}
