import { Link } from '@tanstack/react-router'
import { useId, useRef, type Ref } from 'react'
import type { WatchedItem } from '@reelmates/contracts/watched'
import { MediaPoster } from '../media/MediaPoster'
import { kindOf, yearOf } from './libraryTitle'
import { EntryFacts, useEntryActions } from './watchedEntryParts'
import { watchDayLabel } from '../../features/library/watchedDate'
import { diaryMonths } from '../../features/library/diaryMonths'
import { useFocusStaysInList } from '../../lib/focusLost'
import { useFocusOnArrival } from '../../lib/focusOnArrival'
import { eachLineItsDirection } from '../../lib/textDirection'

interface WatchedListProps {
  items: WatchedItem[]
  layout: 'grid' | 'list'
  /** In date order the diary reads month by month, each month under its own heading. */
  byMonth: boolean
  /** The entry at this place takes focus once it is shown, e.g. the first of the entries "Show more" asked for. */
  focusAt?: number | null | undefined
  onFocused?: () => void
}

/**
 * Called from code only, so it stays out of the tab order; the ring shows when the browser would
 * show one (after a key press, not after a click).
 */
const focusRing = 'focus:outline-none focus-visible:outline-2 focus-visible:outline-amber-400'

/**
 * The watched log, a diary: each watch is its own entry, rewatches included. Each entry's title is
 * a heading under the screen's h1, or under its month's when the diary reads month by month.
 */
export function WatchedList({ items, layout, byMonth, focusAt = null, onFocused }: WatchedListProps) {
  const refAt = useFocusOnArrival<HTMLElement>(focusAt, items.length, onFocused)
  const placed = (entries: WatchedItem[]) => entries.map((entry, index) => ({ entry, index }))
  // An entry removed from the keyboard: the focus goes on to the entry in its place, in the same
  // month or the next when it was a month's only one.
  const list = useRef<HTMLDivElement>(null)
  const followFocus = useFocusStaysInList(list, 'button, a[href]', 'li[data-diary-entry]')

  return (
    <div ref={list} onFocus={followFocus} className={byMonth ? 'space-y-8' : undefined}>
      {byMonth ? (
        diaryMonths(items).map((month) => (
          <Month key={`${month.month}@${month.entries[0]?.index}`} label={month.label}>
            <Entries entries={month.entries} layout={layout} heading="h3" refAt={refAt} />
          </Month>
        ))
      ) : (
        <Entries entries={placed(items)} layout={layout} heading="h2" refAt={refAt} />
      )}
    </div>
  )
}

function Month({ label, children }: { label: string; children: React.ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-amber-300/90">
        {label}
      </h2>
      {children}
    </section>
  )
}

type Heading = 'h2' | 'h3'

interface EntriesProps {
  entries: { entry: WatchedItem; index: number }[]
  layout: 'grid' | 'list'
  heading: Heading
  refAt: (index: number) => Ref<HTMLElement> | undefined
}

function Entries({ entries, layout, heading, refAt }: EntriesProps) {
  return layout === 'grid' ? (
    <ol className="grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
      {entries.map(({ entry, index }) => (
        <li key={entry.id} data-diary-entry>
          <WatchedCard entry={entry} heading={heading} priority={index < 6} articleRef={refAt(index)} />
        </li>
      ))}
    </ol>
  ) : (
    <ol className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-white/[0.02] ring-1 ring-white/5">
      {entries.map(({ entry, index }) => (
        <li key={entry.id} data-diary-entry>
          <WatchedRow entry={entry} heading={heading} articleRef={refAt(index)} />
        </li>
      ))}
    </ol>
  )
}

function TitleLink({
  entry,
  children,
  className,
}: {
  entry: WatchedItem
  children: React.ReactNode
  className: string
}) {
  return (
    <Link
      to="/media/$mediaType/$id"
      params={{ mediaType: entry.mediaType, id: String(entry.tmdbId) }}
      aria-label={entry.title}
      className={className}
    >
      {children}
    </Link>
  )
}

interface EntryProps {
  entry: WatchedItem
  heading: Heading
  articleRef?: Ref<HTMLElement> | undefined
}

function WatchedCard({ entry, heading: Heading, priority, articleRef }: EntryProps & { priority: boolean }) {
  const { actions, dialog } = useEntryActions(entry)
  const year = yearOf(entry.releaseDate)
  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      aria-label={`${entry.title}, watched ${watchDayLabel(entry)}`}
      className={`rounded-xl ${focusRing} focus-visible:outline-offset-4`}
    >
      <TitleLink
        entry={entry}
        className="block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        <MediaPoster
          title={entry.title}
          posterPath={entry.posterPath}
          year={year}
          seed={entry.tmdbId}
          priority={priority}
        />
      </TitleLink>
      <div className="mt-2 px-0.5">
        <Heading className="truncate text-sm font-medium text-zinc-100">{entry.title}</Heading>
        <EntryFacts entry={entry} />
        {entry.review ? (
          <p dir="auto" className="mt-1 line-clamp-3 text-xs leading-relaxed text-zinc-300">
            {entry.review}
          </p>
        ) : null}
      </div>
      <div className="-ml-2 mt-1 flex">{actions}</div>
      {dialog}
    </article>
  )
}

function WatchedRow({ entry, heading: Heading, articleRef }: EntryProps) {
  const { actions, dialog } = useEntryActions(entry)
  const year = yearOf(entry.releaseDate)
  return (
    <article
      ref={articleRef}
      tabIndex={-1}
      // The list clips what is outside its rows, so the ring goes inside.
      className={`flex gap-3 bg-ink p-3 sm:gap-4 ${focusRing} focus-visible:-outline-offset-2`}
    >
      <TitleLink
        entry={entry}
        className="w-14 shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 sm:w-16"
      >
        <MediaPoster
          title={entry.title}
          posterPath={entry.posterPath}
          seed={entry.tmdbId}
          className="!rounded-md [&_span]:hidden"
        />
      </TitleLink>
      <div className="min-w-0 flex-1">
        <Heading className="font-medium text-zinc-100">
          {entry.title}{' '}
          <span className="text-sm font-normal text-zinc-400">
            {[year, kindOf(entry.mediaType)].filter(Boolean).join(' · ')}
          </span>
        </Heading>
        <EntryFacts entry={entry} />
        {entry.review ? (
          <p
            dir="auto"
            className={`mt-1.5 line-clamp-4 whitespace-pre-line text-sm leading-relaxed text-zinc-300 ${eachLineItsDirection}`}
          >
            {entry.review}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col sm:flex-row">{actions}</div>
      {dialog}
    </article>
  )
}
