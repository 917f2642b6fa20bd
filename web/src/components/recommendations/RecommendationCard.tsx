import { useRef, type ReactNode } from 'react'
import { recommendationAnchor, type RecommendationItem } from '@reelmates/contracts/recommendations'
import { Link } from '@tanstack/react-router'
import { useIsOnWatchlist, useMyWatch } from '../../features/library/useLibrary'
import { answerRecommendation } from '../../features/recommendations/mutations'
import { sentStatusLabel } from '../../features/recommendations/recommendationChanges'
import type { Answer } from '../../features/recommendations/recommendationCalls'
import { useFocusWhenGone } from '../../lib/focusLost'
import { useStatusWords } from '../../lib/statusWords'
import { newIdempotencyKey } from '../../lib/idempotencyKey'
import { useChange } from '../../lib/mutations'
import { WatchedMarkView } from '../library/WatchedMark'
import { MediaPoster } from '../media/MediaPoster'
import { dayMonth, primaryButton, quietButton, secondaryButton } from '../social/socialStyles'
import { eachLineItsDirection } from '../../lib/textDirection'

const statusTone: Record<RecommendationItem['status'], string> = {
  pending: 'bg-amber-400/15 text-amber-200 ring-amber-400/40',
  accepted: 'bg-emerald-400/15 text-emerald-200 ring-emerald-400/40',
  watched: 'bg-sky-400/15 text-sky-200 ring-sky-400/40',
  dismissed: 'bg-white/5 text-zinc-400 ring-white/10',
}

/**
 * A recommendation's card: the poster beside its title (both to the title's page) and what the box
 * says of it. The title is the one link a keyboard or screen reader meets; the poster is the same
 * link for a pointer only, as on a feed card, so the page is not named twice in a row.
 */
function CardFrame({
  item,
  children,
  targeted = false,
}: {
  item: RecommendationItem
  children: ReactNode
  /** The card the address names (the bell's link): it takes the focus, and shows that it has it. */
  targeted?: boolean
}) {
  const media = { mediaType: item.mediaType, id: String(item.tmdbId) }
  return (
    <article
      aria-label={item.mediaTitle}
      id={recommendationAnchor(item.id)}
      tabIndex={targeted ? -1 : undefined}
      className="flex gap-3 rounded-2xl bg-panel p-3 ring-1 ring-white/10 outline-none focus:ring-2 focus:ring-amber-400 sm:gap-4 sm:p-4"
    >
      <Link
        to="/media/$mediaType/$id"
        params={media}
        className="block w-16 shrink-0 sm:w-20"
        tabIndex={-1}
        aria-hidden="true"
      >
        <MediaPoster title={item.mediaTitle} posterPath={item.mediaPosterPath} seed={item.tmdbId} />
      </Link>
      <div className="min-w-0 flex-1">
        {/* Two lines, not one cut short: on a phone a long title was "The Lord of the Rings: The Re…" with
            no way to read the rest. Past two, the link's tooltip and the title's page have it whole. */}
        <h3 className="line-clamp-2 break-words font-semibold text-white">
          <Link to="/media/$mediaType/$id" params={media} title={item.mediaTitle} className="hover:underline">
            {item.mediaTitle}
          </Link>
        </h3>
        {children}
      </div>
    </article>
  )
}

/** Taps on one card closer together than this are one tap. */
const doubleTapMs = 600

/** One recommendation I received: who sent it and why, and accept / dismiss / undo. */
export function ReceivedCard({ item, targeted = false }: { item: RecommendationItem; targeted?: boolean }) {
  const answer = useChange(answerRecommendation)
  const answeredAt = useRef(Number.NEGATIVE_INFINITY)
  const actions = useRef<HTMLDivElement>(null)
  const status = useRef<HTMLSpanElement>(null)
  const focusWhenGone = useFocusWhenGone()
  // Dismiss hands the keyboard to Undo in its place, which says nothing of what happened: said here.
  const [said, sayStatus] = useStatusWords()
  // Watched already (before it was sent, or since, on another device): there is nothing to add to
  // the watchlist, which the server would refuse; it can still be dismissed.
  const watchedAlready = useMyWatch(item)
  // On the list already (added before, or since, on its own): accepting adds nothing, so the card
  // says so rather than offer to add it.
  const onWatchlist = useIsOnWatchlist(item)
  const listedAlready = onWatchlist === true
  const say = (what: Answer, pressed: HTMLElement) => {
    // A double tap is one answer: the card's buttons change under the finger (Dismiss becomes Undo).
    const now = performance.now()
    if (now - answeredAt.current < doubleTapMs) return
    answeredAt.current = now
    // The answer shows at once and the pressed button goes (Add to watchlist becomes a label): the
    // keyboard goes on to the card's next action, or to its new state when none is left.
    focusWhenGone(pressed, () => actions.current?.querySelector('button') ?? status.current)
    if (what !== 'accept')
      sayStatus(what === 'dismiss' ? `Dismissed ${item.mediaTitle}` : `${item.mediaTitle} brought back`)
    void answer({
      id: item.id,
      answer: what,
      title: item.mediaTitle,
      ...(what === 'accept' && listedAlready ? { listedAlready: true } : {}),
      idempotencyKey: newIdempotencyKey(),
    }).then((done) => {
      // Refused (answered meanwhile on another device): the words said at once are not true any more.
      if (!done && what !== 'accept')
        sayStatus(`${item.mediaTitle} was not ${what === 'dismiss' ? 'dismissed' : 'brought back'}`)
    })
  }
  return (
    <CardFrame item={item} targeted={targeted}>
      <p className="text-sm text-zinc-400">
        from{' '}
        <Link
          to="/profile/$username"
          params={{ username: item.from.username }}
          className="font-medium text-zinc-200 hover:underline"
        >
          <bdi>{item.from.username}</bdi>
        </Link>{' '}
        · {dayMonth(item.createdAt)}
      </p>
      {/* Whole, as written: the note is why it was sent, and no other screen shows it (up to 500 characters). */}
      {item.note ? (
        <p
          dir="auto"
          className={`mt-1.5 whitespace-pre-line break-words text-sm italic text-zinc-300 ${eachLineItsDirection}`}
        >
          “{item.note}”
        </p>
      ) : null}
      {/* Each button names its title (its words first): a list of buttons otherwise reads "Dismiss" ten times. */}
      <div ref={actions} className="mt-3 flex flex-wrap items-center gap-2">
        {item.status === 'pending' ? (
          <>
            {watchedAlready ? (
              <span className="inline-flex items-center gap-1.5 text-sm text-zinc-300">
                You watched it <WatchedMarkView watch={watchedAlready} />
              </span>
            ) : listedAlready ? (
              <>
                <span className="text-sm text-zinc-300">Already on your watchlist</span>
                <button
                  type="button"
                  aria-label={`Accept ${item.mediaTitle}`}
                  className={primaryButton}
                  onClick={(event) => say('accept', event.currentTarget)}
                >
                  Accept
                </button>
              </>
            ) : (
              <button
                type="button"
                aria-label={`Add to watchlist: ${item.mediaTitle}`}
                className={primaryButton}
                onClick={(event) => say('accept', event.currentTarget)}
              >
                Add to watchlist
              </button>
            )}
            <button
              type="button"
              aria-label={`Dismiss ${item.mediaTitle}`}
              className={quietButton}
              onClick={(event) => say('dismiss', event.currentTarget)}
            >
              Dismiss
            </button>
          </>
        ) : item.status === 'dismissed' ? (
          <>
            <span className={`rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${statusTone.dismissed}`}>
              Dismissed
            </span>
            <button
              type="button"
              aria-label={`Undo dismissing ${item.mediaTitle}`}
              className={secondaryButton}
              onClick={(event) => say('restore', event.currentTarget)}
            >
              Undo
            </button>
          </>
        ) : (
          <span
            ref={status}
            // Focusable from code only: where the keyboard goes once its answer has taken the buttons away.
            tabIndex={-1}
            className={`rounded-full px-2.5 py-1 text-xs font-medium ring-1 outline-none focus-visible:ring-2 focus-visible:ring-amber-400 ${statusTone[item.status]}`}
          >
            {item.status === 'watched' ? 'Watched' : acceptedLabel(onWatchlist)}
          </span>
        )}
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
    </CardFrame>
  )
}

/**
 * An accepted card follows the watchlist: taken off it since, "On your watchlist" would be untrue (the
 * title's page offers to add it again), while "Accepted" stays true. Unknown yet, it is still there.
 */
const acceptedLabel = (onWatchlist: boolean | undefined) => (onWatchlist === false ? 'Accepted' : 'On your watchlist')

/** One recommendation I sent: to whom, and how it went ("Watched · 4½ stars"). */
export function SentCard({ item }: { item: RecommendationItem }) {
  const to = item.to?.username ?? item.toEmail ?? 'someone'
  return (
    <CardFrame item={item}>
      <p className="truncate text-sm text-zinc-400">
        to <span className="font-medium text-zinc-200">{to}</span> · {dayMonth(item.createdAt)}
        {item.to === null ? ' · by email' : ''}
      </p>
      {/* Whole, as on the Received card: the sender wrote it, and no other screen shows them the rest. */}
      {item.note ? (
        <p
          dir="auto"
          className={`mt-1.5 whitespace-pre-line break-words text-sm italic text-zinc-300 ${eachLineItsDirection}`}
        >
          “{item.note}”
        </p>
      ) : null}
      <p className="mt-3">
        <span className={`rounded-full px-2.5 py-1 text-xs font-medium ring-1 ${statusTone[item.status]}`}>
          {sentStatusLabel(item)}
        </span>
      </p>
    </CardFrame>
  )
}
