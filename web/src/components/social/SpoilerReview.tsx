import { useState } from 'react'

/**
 * A review can give the story away: it stays covered until the reader asks to see it, wherever it
 * is shown (the feed, a member's profile, a title's friends). Long unbroken words (a pasted link)
 * wrap instead of widening a phone's page.
 */
export function SpoilerReview({ text }: { text: string }) {
  const [open, setOpen] = useState(false)
  return (
    <div className="mt-2">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="text-xs font-semibold uppercase tracking-wide text-amber-400 hover:text-amber-300"
      >
        {open ? 'Hide review' : 'Show review (may contain spoilers)'}
      </button>
      {open ? (
        <p className="mt-1.5 whitespace-pre-line text-sm leading-relaxed text-zinc-200 [overflow-wrap:anywhere]">
          {text}
        </p>
      ) : null}
    </div>
  )
}
