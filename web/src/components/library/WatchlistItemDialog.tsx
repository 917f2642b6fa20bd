import { useEffect, useRef, useState } from 'react'
import { focusIsLost } from '../../lib/focusLost'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { libraryTitleFrom } from './libraryTitle'
import { NoteDialog } from './NoteDialog'
import { RatingDialog } from './RatingDialog'
import { Icon } from './icons'

/**
 * The two dialogs a watchlist item opens: "mark watched" (which offers to take the title off, and
 * does by default) and its note. Mounted only while open, so each opens fresh. When one closes, the
 * focus goes back to what opened it, or to the control the opener names (a menu's item is gone by
 * then, so a menu names its own button).
 */
export function useWatchlistItemDialogs(item: WatchlistItem) {
  const [open, setOpen] = useState<'watched' | 'note' | null>(null)
  const returnFocus = useRef<(() => HTMLElement | null) | null>(null)
  const close = () => setOpen(null)
  useEffect(() => {
    if (open !== null) return
    // After the dialog has gone: the browser's own return (to the element focused when it opened)
    // has run by now, and finds nothing when that element was a menu's item.
    // Only when the focus is lost, never taken from where the person has put it since.
    if (focusIsLost()) returnFocus.current?.()?.focus()
    returnFocus.current = null
  }, [open])
  const show = (dialog: 'watched' | 'note', returnFocusTo?: () => HTMLElement | null) => {
    const opener = document.activeElement
    returnFocus.current = returnFocusTo ?? (() => (opener instanceof HTMLElement ? opener : null))
    setOpen(dialog)
  }
  const dialog =
    open === 'watched' ? (
      <RatingDialog title={libraryTitleFrom(item)} mode={{ kind: 'mark', onWatchlist: true }} onClose={close} />
    ) : open === 'note' ? (
      <NoteDialog item={item} onClose={close} />
    ) : null
  return {
    markWatched: () => show('watched'),
    editNote: (returnFocusTo?: () => HTMLElement | null) => show('note', returnFocusTo),
    noteLabel: item.note ? `Edit the note on ${item.title}` : `Add a note to ${item.title}`,
    dialog,
  }
}

/** "Mark watched" in words beside its eye, as on the media page: the one action a card keeps in view. */
export function MarkWatchedButton({
  item,
  onClick,
  className = '',
}: {
  item: WatchlistItem
  onClick: () => void
  className?: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Mark ${item.title} watched`}
      className={`inline-flex h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-3 text-xs font-semibold text-zinc-200 ring-1 ring-white/10 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ${className}`}
    >
      <Icon name="eye" className="h-[18px] w-[18px] shrink-0" />
      Mark watched
    </button>
  )
}
