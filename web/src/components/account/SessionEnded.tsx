import { Link, Navigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type Ref } from 'react'
import { wasSignedInHere } from '../../features/account/signedInHere'
import { useUnsavedChanges, wordsWrittenNow, type WrittenWords } from '../../lib/unsavedChanges'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { ResultScreen, buttonClass, secondaryButtonClass } from './ResultScreen'

export const sessionEndedTexts = {
  title: 'You were signed out',
  kept: 'You were signed out. What you wrote here is kept on this page: copy it, then sign in again.',
} as const

/**
 * The session ended while a signed-in page was open (a Log out in another tab, a password changed on
 * another device, expiry), found by a request refused with a 401, often one the page made by itself
 * (the bell's poll). With nothing unsaved the page goes to sign in, and signing in comes back to it
 * (`here`). A form with unsaved words no longer sent them with it: the page they were typed in gave way
 * to the sign-in page without a word, so a review half written was gone before the member knew.
 *
 * The words are read once, in the render that takes the page away (its forms are still there), and
 * only they stay: the rest of the page, the member's name and their lists go, as on a signed-out
 * device they should. They are never written to the device: someone else may sign in next.
 */
export function SessionEnded({ here }: { here: string }) {
  const [signedInHere] = useState(wasSignedInHere)
  // Not after the member's own Log out here, which forgets the mark first: its question was asked.
  const [kept] = useState(() => (signedInHere ? wordsWrittenNow() : []))
  if (kept.length === 0)
    // Past any form's question: a changed form without words (a rating) can no longer be saved.
    return <Navigate to="/sign_in" search={signedInHere ? { returnTo: here } : {}} replace ignoreBlocker />
  return <KeptWords words={kept} here={here} />
}

function KeptWords({ words, here }: { words: readonly WrittenWords[]; here: string }) {
  // Leaving still asks: Sign in, Back or a closed tab would take the words with it.
  const leaving = useUnsavedChanges(true)
  const first = useRef<HTMLTextAreaElement>(null)
  // The box the member was writing in has gone with the page: the focus goes to their words.
  useEffect(() => first.current?.focus(), [])
  return (
    <ResultScreen state="info" title={sessionEndedTexts.title}>
      <p role="alert" className="text-base text-zinc-200">
        {sessionEndedTexts.kept}
      </p>
      {words.map((written, index) => (
        <KeptText key={index} ref={index === 0 ? first : undefined} written={written} />
      ))}
      <Link to="/sign_in" search={{ returnTo: here }} replace className={buttonClass}>
        Sign in again
      </Link>
      <UnsavedChangesDialog leaving={leaving} />
    </ResultScreen>
  )
}

function KeptText({ written, ref }: { written: WrittenWords; ref?: Ref<HTMLTextAreaElement> | undefined }) {
  const id = useId()
  const [copied, setCopied] = useState('')
  return (
    <div className="grid gap-2 text-left">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {written.label}
      </label>
      <textarea
        ref={ref}
        id={id}
        dir="auto"
        readOnly
        rows={Math.min(8, Math.max(3, written.text.split('\n').length))}
        value={written.text}
        className="w-full rounded-xl border border-white/10 bg-white/[0.04] px-4 py-2 text-base text-white focus:border-reel focus:outline-none focus:ring-2 focus:ring-reel/40"
      />
      <div className="flex items-center justify-end gap-3">
        <span role="status" className="text-sm text-zinc-300">
          {copied}
        </span>
        <button
          type="button"
          className={secondaryButtonClass}
          aria-label={`Copy ${written.label.charAt(0).toLowerCase()}${written.label.slice(1)}`}
          onClick={() => void copy(written.text).then(setCopied)}
        >
          Copy
        </button>
      </div>
    </div>
  )
}

/** Says whether the words are on the clipboard: without one (a page not served over https) they are selected instead. */
async function copy(text: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text)
    return 'Copied'
  } catch {
    return "Couldn't copy: select the words above and copy them yourself."
  }
}
