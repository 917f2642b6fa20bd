import { useId, useState } from 'react'
import { eachLineItsDirection } from '../../lib/textDirection'

/** The spoiler reviews the reader opened during this visit, by `shownKey` (a reload covers them again). */
const shownThisVisit = new Set<string>()

const reviewText = `whitespace-pre-line text-sm leading-relaxed text-zinc-200 [overflow-wrap:anywhere] ${eachLineItsDirection}`

/**
 * A review may run to 5,000 characters: in a list (the feed, a profile) one that long was four
 * phone screens of one card. Past about eight lines it shows its first six and offers the rest,
 * as the bell does with a long announcement; the activity's own page shows it whole.
 */
export const isLongReview = (text: string) => text.length > 480 || text.split('\n').length > 8

function ReviewText({ text, inFull, className }: { text: string; inFull: boolean; className: string }) {
  const id = useId()
  const [expanded, setExpanded] = useState(false)
  const clamped = !inFull && !expanded && isLongReview(text)
  return (
    <>
      <p id={id} dir="auto" className={`${className} ${reviewText} ${clamped ? 'line-clamp-6' : ''}`}>
        {text}
      </p>
      {!inFull && isLongReview(text) ? (
        <button
          type="button"
          aria-expanded={!clamped}
          aria-controls={id}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 py-1 text-xs font-medium text-reel hover:underline"
        >
          {clamped ? 'Read the whole review' : 'Show less'}
        </button>
      ) : null}
    </>
  )
}

/**
 * A review, wherever others read it (the feed, a member's profile, a title's friends). One its writer
 * marked as containing spoilers stays covered until the reader asks to see it (its button's words
 * start at the left as the review's do: a button centres them, and on a phone they wrap). Long
 * unbroken words (a pasted link) wrap instead of widening a phone's page.
 */
export function SpoilerReview({
  text,
  containsSpoilers,
  shownKey,
  byReader = false,
  inFull = false,
  about,
}: {
  text: string
  /** Whose review of what ("ann's review of Dune"), for the button's name among a list's many. */
  about?: string
  containsSpoilers: boolean
  /** Shown whole however long (the activity's own page), not cut to its first lines. */
  inFull?: boolean
  /** The reader wrote it: nothing to spoil, so it is shown, with a word that others see it covered. */
  byReader?: boolean
  /**
   * Names the review across screens (an activity's id: its card on the feed and its own page): one
   * the reader chose to see stays shown on the other screen for the rest of the visit, instead of
   * hiding again as the reader follows it to its comments.
   */
  shownKey?: string
}) {
  const [open, setOpenState] = useState(() => shownKey !== undefined && shownThisVisit.has(shownKey))
  const setOpen = (value: boolean) => {
    if (shownKey !== undefined) {
      if (value) shownThisVisit.add(shownKey)
      else shownThisVisit.delete(shownKey)
    }
    setOpenState(value)
  }
  if (containsSpoilers && byReader)
    return (
      <div className="mt-2">
        <p className="text-xs font-semibold uppercase tracking-wide text-amber-400">
          Marked as spoilers: covered for others
        </p>
        <ReviewText text={text} inFull={inFull} className="mt-1.5" />
      </div>
    )
  if (!containsSpoilers) return <ReviewText text={text} inFull={inFull} className="mt-2" />
  const words = open ? 'Hide review' : 'Show review (may contain spoilers)'
  return (
    <div className="mt-2">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        aria-label={about ? `${words}: ${about}` : undefined}
        className="text-left text-xs font-semibold uppercase tracking-wide text-amber-400 hover:text-amber-300"
      >
        {words}
      </button>
      {open ? <ReviewText text={text} inFull={inFull} className="mt-1.5" /> : null}
    </div>
  )
}
