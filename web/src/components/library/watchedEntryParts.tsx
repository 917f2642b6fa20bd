import { useState } from 'react'
import type { WatchedItem } from '@reelmates/contracts/watched'
import { IconButton } from './controls'
import { Icon } from './icons'
import { libraryTitleFrom } from './libraryTitle'
import { RatingDialog } from './RatingDialog'
import { useRemoveWatchedWithUndo } from './removeWithUndo'
import { StarRating } from './StarRating'
import { dayOfWatch, watchDayLabel } from '../../features/library/watchedDate'

/** The pieces of one watched entry that the watched log and a title's page both show. */

export function useEntryActions(entry: WatchedItem) {
  const removeWithUndo = useRemoveWatchedWithUndo()
  const [editing, setEditing] = useState(false)
  const pending = entry.id.startsWith('pending:')
  // With the day: a title watched twice has two entries, and a screen reader must tell their buttons apart.
  const which = `${entry.title}, watched ${watchDayLabel(entry)}`
  const actions = (
    <>
      <IconButton
        icon="pencil"
        label={`Edit your entry for ${which}`}
        disabled={pending}
        onClick={() => setEditing(true)}
      />
      <IconButton
        icon="trash"
        tone="danger"
        label={`Remove your entry for ${which}`}
        disabled={pending}
        onClick={() => removeWithUndo(entry)}
      />
    </>
  )
  const dialog = editing ? (
    <RatingDialog title={libraryTitleFrom(entry)} mode={{ kind: 'edit', entry }} onClose={() => setEditing(false)} />
  ) : null
  return { actions, dialog }
}

/** "Rewatch" ↻, for a watch after an earlier one of the same title: in the diary and on a profile. */
export function RewatchMark() {
  return (
    <span className="inline-flex items-center gap-1 text-sky-300">
      <Icon name="rewatch" className="h-3.5 w-3.5" />
      Rewatch
    </span>
  )
}

/** When, how rated (the stars alone: a number beside them would be a second scale), where. */
export function EntryFacts({ entry }: { entry: WatchedItem }) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-400">
      <time dateTime={dayOfWatch(entry)}>{watchDayLabel(entry)}</time>
      {entry.rewatch ? <RewatchMark /> : null}
      <StarRating rating={entry.rating} />
      {entry.recommend === true ? (
        <span className="inline-flex items-center gap-1 text-emerald-300">
          <Icon name="thumb" className="h-3.5 w-3.5" />
          Recommends
        </span>
      ) : null}
      {entry.streamingService ? <span>on {entry.streamingService}</span> : null}
      {/* The writer sees what friends will: a review they open themselves. */}
      {entry.containsSpoilers ? <span className="text-amber-300">Review has spoilers</span> : null}
      {entry.isPrivate ? (
        <span className="inline-flex items-center gap-1 text-zinc-400">
          <Icon name="lock" className="h-3.5 w-3.5" />
          Private
        </span>
      ) : null}
    </div>
  )
}
