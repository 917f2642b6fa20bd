import { useId, useState, type SyntheticEvent } from 'react'
import { useFormDialog } from '../../lib/formDialog'
import { watchlistNoteMax, type WatchlistItem } from '@reelmates/contracts/watchlist'
import { useEditWatchlistNote } from '../../features/library/useLibraryChanges'
import { DialogActions } from '../shell/DialogActions'
import { NoteField } from '../shell/NoteField'
import { UnsavedChangesDialog } from '../shell/UnsavedChangesDialog'
import { dialogField } from './dialogField'

/**
 * A few words to remember why a title is on the watchlist ("with Sam", "IMAX if we can"). Once the
 * note is changed, closing without saving asks "Discard your changes?" first.
 */
export function NoteDialog({ item, onClose }: { item: WatchlistItem; onClose: () => void }) {
  const editWatchlistNote = useEditWatchlistNote()
  const id = useId()
  const [note, setNote] = useState(item.note ?? '')
  const unsaved = note !== (item.note ?? '')
  const words = unsaved ? [{ label: `Your note for ${item.title}`, text: note }] : []
  const { close, dismiss, leaving, dialogProps } = useFormDialog({ onClose, unsaved, words })

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault()
    const next = note.trim() || null
    // Based on the note shown: if another device has changed it since, the server says so.
    if (next !== item.note) void editWatchlistNote(item, next, item.note)
    close()
  }

  return (
    <>
      <dialog
        {...dialogProps}
        aria-labelledby={`${id}-title`}
        className="m-0 mt-auto w-full max-w-none rounded-t-2xl border border-white/10 bg-ink p-0 text-zinc-100 shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm sm:m-auto sm:max-w-md sm:rounded-2xl"
      >
        <form onSubmit={submit} className="space-y-4 p-5 sm:p-6">
          <div>
            <p className="text-xs font-semibold uppercase tracking-widest text-amber-400">Note</p>
            <h2 id={`${id}-title`} className="mt-1 font-serif text-xl font-semibold text-white">
              {item.title}
            </h2>
          </div>
          <NoteField
            label={`Note for ${item.title}`}
            labelClassName="sr-only"
            value={note}
            onChange={setNote}
            maxLength={watchlistNoteMax}
            rows={3}
            placeholder="With Sam · on a big screen · after season 1…"
            fieldClassName={dialogField}
          />
          <DialogActions look="library" onCancel={dismiss}>
            Save note
          </DialogActions>
        </form>
      </dialog>
      <UnsavedChangesDialog title="Discard your changes?" leaving={leaving} />
    </>
  )
}
