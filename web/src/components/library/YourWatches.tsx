import type { MediaRef } from '@reelmates/contracts/media'
import type { WatchedItem } from '@reelmates/contracts/watched'
import { useLayoutEffect, useRef } from 'react'
import { focusIsLost } from '../../lib/focusLost'
import { useTitleStatus } from '../../features/library/useLibrary'
import { EntryFacts, useEntryActions } from './watchedEntryParts'
import { watchDayLabel } from '../../features/library/watchedDate'
import { eachLineItsDirection } from '../../lib/textDirection'

/**
 * A title's page, my part: every time I watched it (a rewatch is another entry), latest first,
 * with the rating, the review and whether I recommend it, each editable as in the watched log.
 */
export function YourWatches({ title }: { title: MediaRef }) {
  const { status } = useTitleStatus(title)
  const watches = status.watches
  const section = useRef<HTMLElement>(null)
  // A removed watch goes at once (Undo is in its toast), and the keyboard focus with its button: the
  // next watch's first button takes it, or, with none left, the page's own "Mark watched".
  const shown = useRef(watches.length)
  useLayoutEffect(() => {
    const fewer = watches.length < shown.current
    shown.current = watches.length
    if (!fewer || !focusIsLost()) return
    const next =
      section.current?.querySelector<HTMLElement>('li button') ??
      document.querySelector<HTMLElement>('[data-log-watch]')
    next?.focus()
  }, [watches.length])
  if (watches.length === 0) return null
  return (
    <section ref={section} aria-labelledby="your-watches-heading">
      <h2 id="your-watches-heading" className="text-lg font-semibold text-white">
        {watches.length === 1 ? 'Your watch' : `Your ${watches.length} watches`}
      </h2>
      <ol className="mt-3 divide-y divide-white/5 overflow-hidden rounded-2xl bg-white/[0.03] ring-1 ring-white/10">
        {watches.map((entry) => (
          <li key={entry.id}>
            <YourWatch entry={entry} />
          </li>
        ))}
      </ol>
    </section>
  )
}

function YourWatch({ entry }: { entry: WatchedItem }) {
  const { actions, dialog } = useEntryActions(entry)
  return (
    <article aria-label={`Watched ${watchDayLabel(entry)}`} className="flex gap-3 p-3 sm:p-4">
      <div className="min-w-0 flex-1">
        <EntryFacts entry={entry} />
        {entry.review ? (
          <blockquote
            dir="auto"
            className={`mt-2 whitespace-pre-line text-[15px] leading-relaxed text-zinc-200 [overflow-wrap:anywhere] ${eachLineItsDirection}`}
          >
            {entry.review}
          </blockquote>
        ) : (
          <p className="mt-1 text-sm text-zinc-400">No review.</p>
        )}
      </div>
      <div className="-mr-1 flex shrink-0 items-start">{actions}</div>
      {dialog}
    </article>
  )
}
