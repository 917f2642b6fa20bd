import { useId, useState, type SyntheticEvent } from 'react'
import { streamingProviders } from '@reelmates/contracts/catalog'
import { earliestWatchDay, reviewMax, streamingServiceMax, type WatchedItem } from '@reelmates/contracts/watched'
import type { LibraryTitle, NewWatchedFields, WatchedFields } from '../../features/library/libraryChanges'
import { useEditWatched, useMarkWatched } from '../../features/library/useLibraryChanges'
import { dayOfWatch, localDay, watchedAtFor } from '../../features/library/watchedDate'
import { useFormDialog } from '../../lib/formDialog'
import { StarRatingInput } from './StarRatingInput'
import { DialogActions } from '../shell/DialogActions'
import { DialogCloseButton } from '../shell/DialogCloseButton'
import { NoteField } from '../shell/NoteField'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { dialogField } from './dialogField'

export type RatingDialogMode =
  /** `timesWatched`: how often it is logged already; this watch is another one (a rewatch). */
  { kind: 'mark'; onWatchlist: boolean; timesWatched?: number } | { kind: 'edit'; entry: WatchedItem }

interface RatingDialogProps {
  title: LibraryTitle
  mode: RatingDialogMode
  onClose: () => void
}

const otherService = 'other'
const providerNames: string[] = streamingProviders.map((provider) => provider.name)

/** What the form shows: a close without saving asks first once any of it differs from the opening. */
interface FormFields {
  day: string
  rating: number | null
  recommend: boolean | null
  review: string
  containsSpoilers: boolean
  service: string
  otherName: string
  isPrivate: boolean
  removeFromWatchlist: boolean
}

function fieldsAtOpening(entry: WatchedItem | null, today: string): FormFields {
  const known = entry?.streamingService
    ? providerNames.find((name) => name.toLowerCase() === entry.streamingService?.toLowerCase())
    : undefined
  return {
    day: entry ? dayOfWatch(entry) : today,
    rating: entry?.rating ?? null,
    recommend: entry?.recommend ?? null,
    review: entry?.review ?? '',
    containsSpoilers: entry?.containsSpoilers ?? false,
    service: known ?? (entry?.streamingService ? otherService : ''),
    otherName: known ? '' : (entry?.streamingService ?? ''),
    isPrivate: entry?.isPrivate ?? false,
    removeFromWatchlist: true,
  }
}

/**
 * Log a watch (or edit one): the day, a rating in half stars, a recommendation, a review, where it
 * was streamed and whether friends may see it. A native modal dialog: it traps focus, closes on
 * Escape and gives focus back to the button that opened it; once something is changed, closing
 * without saving asks "Discard your changes?" first. Mount it when it should show.
 */
export function RatingDialog({ title, mode, onClose }: RatingDialogProps) {
  const markWatched = useMarkWatched()
  const editWatched = useEditWatched()
  const ids = useId()
  const entry = mode.kind === 'edit' ? mode.entry : null
  const loggedBefore = mode.kind === 'mark' ? (mode.timesWatched ?? 0) : 0
  const today = localDay(new Date())
  const [opened] = useState(() => fieldsAtOpening(entry, today))
  const [day, setDay] = useState(opened.day)
  const [rating, setRating] = useState(opened.rating)
  const [recommend, setRecommend] = useState(opened.recommend)
  const [review, setReview] = useState(opened.review)
  const [containsSpoilers, setContainsSpoilers] = useState(opened.containsSpoilers)
  const [service, setService] = useState(opened.service)
  const [otherName, setOtherName] = useState(opened.otherName)
  const [isPrivate, setIsPrivate] = useState(opened.isPrivate)
  const [removeFromWatchlist, setRemoveFromWatchlist] = useState(opened.removeFromWatchlist)
  const shown: FormFields = {
    day,
    rating,
    recommend,
    review,
    containsSpoilers,
    service,
    otherName,
    isPrivate,
    removeFromWatchlist,
  }
  const unsaved = (Object.keys(opened) as (keyof FormFields)[]).some((field) => shown[field] !== opened[field])
  const words = review !== opened.review ? [{ label: `Your review of ${title.title}`, text: review }] : []
  const { close, dismiss, leaving, dialogProps } = useFormDialog({ onClose, unsaved, words })

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault()
    const streamingService = service === otherService ? otherName.trim() || null : service || null
    const now = new Date()
    // The day is the writer's, sent with the instant, so friends elsewhere read the same day.
    const sameDay = entry !== null && day === dayOfWatch(entry)
    const fields: NewWatchedFields = {
      watchedAt: sameDay ? entry.watchedAt : watchedAtFor(day, now),
      watchedOn: sameDay ? entry.watchedOn : day,
      rating,
      recommend,
      review: review.trim() || null,
      containsSpoilers: review.trim() !== '' && containsSpoilers,
      streamingService,
      isPrivate,
    }
    if (entry) {
      // An edit has to name its new instant; moving an entry to today uses this browser's now, which
      // the server accepts within its clock tolerance.
      const edited: WatchedFields = { ...fields, watchedAt: fields.watchedAt ?? now.toISOString() }
      const changes = Object.fromEntries(
        Object.entries(edited).filter(([field, value]) => entry[field as keyof WatchedFields] !== value),
      ) as Partial<WatchedFields>
      // The review is the writer's own words: sent against the one shown, so that words written since
      // on another device are not replaced unseen (the server refuses, and the toast offers "Save mine").
      if (Object.keys(changes).length > 0) void editWatched(entry.id, changes, opened.review.trim() || null)
    } else {
      void markWatched(title, fields, mode.kind === 'mark' && mode.onWatchlist && removeFromWatchlist)
    }
    close()
  }

  const label = 'mb-1.5 block text-sm font-medium text-zinc-200'

  return (
    <>
      <dialog
        {...dialogProps}
        aria-labelledby={`${ids}-title`}
        className="m-0 mt-auto max-h-[92dvh] w-full max-w-none scroll-pb-20 overflow-y-auto rounded-t-2xl border border-white/10 bg-ink p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-lg sm:scroll-pb-0 sm:rounded-2xl"
      >
        <form onSubmit={submit} className="space-y-5 p-5 sm:p-6">
          <header className="flex items-start justify-between gap-4">
            <div>
              <p className="text-xs font-semibold uppercase tracking-widest text-amber-400">
                {entry ? 'Edit your log' : loggedBefore > 0 ? 'I watched it again…' : 'I watched…'}
              </p>
              <h2 id={`${ids}-title`} className="mt-1 font-serif text-2xl font-semibold leading-tight text-white">
                {title.title}
              </h2>
              {loggedBefore > 0 ? (
                <p className="mt-1 text-sm text-zinc-400">
                  Already in your diary {loggedBefore === 1 ? 'once' : `${loggedBefore} times`}: this logs a rewatch.
                </p>
              ) : null}
            </div>
            <DialogCloseButton onClose={dismiss} />
          </header>

          <div>
            <label htmlFor={`${ids}-day`} className={label}>
              Watched on
            </label>
            <input
              id={`${ids}-day`}
              type="date"
              required
              min={earliestWatchDay}
              // An entry logged further east may carry a day that has not begun here yet: it stays
              // valid, or nothing else about the entry could be saved from this browser.
              max={opened.day > today ? opened.day : today}
              value={day}
              onChange={(event) => setDay(event.target.value)}
              className={`${dialogField} [color-scheme:dark]`}
            />
          </div>

          <StarRatingInput value={rating} onChange={setRating} />

          <fieldset>
            <legend className={label}>Would you recommend it?</legend>
            <div className="grid grid-cols-2 gap-2">
              {([true, false] as const).map((answer) => (
                <label
                  key={String(answer)}
                  className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-white/10 bg-panel px-3 py-2.5 text-sm font-medium text-zinc-300 transition has-[:checked]:border-amber-400 has-[:checked]:bg-amber-400/10 has-[:checked]:text-amber-200 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-amber-400"
                >
                  <input
                    type="radio"
                    name={`${ids}-recommend`}
                    className="sr-only"
                    checked={recommend === answer}
                    onChange={() => setRecommend(answer)}
                    onClick={() => recommend === answer && setRecommend(null)}
                  />
                  {answer ? 'Yes, recommend' : 'No'}
                </label>
              ))}
            </div>
          </fieldset>

          <NoteField
            label={
              <>
                Review <span className="font-normal text-zinc-400">(optional)</span>
              </>
            }
            labelClassName={label}
            value={review}
            onChange={setReview}
            maxLength={reviewMax}
            rows={4}
            placeholder="What stayed with you?"
            fieldClassName={dialogField}
          >
            {review.trim() !== '' ? (
              <div className="mt-2 rounded-xl bg-white/[0.03] p-3">
                <Toggle
                  checked={containsSpoilers}
                  onChange={setContainsSpoilers}
                  label="Contains spoilers"
                  hint="Others see the review only when they choose to open it."
                />
              </div>
            ) : null}
          </NoteField>

          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={`${ids}-service`} className={label}>
                Watched on service
              </label>
              <select
                id={`${ids}-service`}
                value={service}
                onChange={(event) => setService(event.target.value)}
                className={dialogField}
              >
                <option value="">Not set</option>
                {providerNames.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
                <option value={otherService}>Somewhere else…</option>
              </select>
            </div>
            {service === otherService ? (
              <NoteField
                label="Which one?"
                labelClassName={label}
                value={otherName}
                onChange={setOtherName}
                maxLength={streamingServiceMax}
                placeholder="Cinema, Blu-ray, Mubi…"
                fieldClassName={dialogField}
              />
            ) : null}
          </div>

          <div className="space-y-3 rounded-xl bg-white/[0.03] p-3">
            <Toggle
              checked={isPrivate}
              onChange={setIsPrivate}
              label="Private"
              hint="No other member sees this entry. Otherwise it shows on your profile, which any member can open, and in friends' feeds."
            />
            {mode.kind === 'mark' && mode.onWatchlist ? (
              <Toggle
                checked={removeFromWatchlist}
                onChange={setRemoveFromWatchlist}
                label="Also remove from watchlist"
                hint="It's on your watchlist."
              />
            ) : null}
          </div>

          <DialogActions look="librarySheet" onCancel={dismiss}>
            {entry ? 'Save changes' : 'Log it'}
          </DialogActions>
        </form>
      </dialog>
      <UnsavedChangesDialog title="Discard your changes?" leaving={leaving} />
    </>
  )
}

function Toggle({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
  hint: string
}) {
  const id = useId()
  return (
    <div className="flex items-center justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-zinc-100">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-zinc-400">
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className={`relative h-7 w-12 shrink-0 rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${checked ? 'bg-amber-400' : 'bg-zinc-700'}`}
      >
        <span
          className={`absolute top-1 h-5 w-5 rounded-full bg-white shadow transition-all ${checked ? 'left-6' : 'left-1'}`}
        />
      </button>
    </div>
  )
}
