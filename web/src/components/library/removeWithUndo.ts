import type { MediaRef } from '@reelmates/contracts/media'
import type { WatchedItem } from '@reelmates/contracts/watched'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { useCallback, useLayoutEffect, type RefObject } from 'react'
import { titleKey } from '../../features/library/libraryChanges'
import {
  usePutBackOnWatchlist,
  usePutBackWatched,
  useRemoveFromWatchlist,
  useRemoveWatched,
  watchlistNow,
} from '../../features/library/useLibraryChanges'
import { whenChangesGoOut } from '../../lib/connection'
import { newIdempotencyKey } from '../../lib/idempotencyKey'
import { toldWaitingByItsOwnToast } from '../../lib/waitingChanges'
import { focusIsLost } from '../../lib/focusLost'
import { focusIsOnToasts, toast } from '../../lib/toast'

/** A removal (sent under `idempotencyKey`) and its undo, each resolving true once the server took it. */
interface Undoable<T> {
  remove: (removed: T, idempotencyKey: string) => Promise<boolean>
  putBack: (removed: T) => Promise<boolean>
}

/**
 * An Undo does its work once: a double click (or two quick taps) reaches the button twice before the
 * toast has closed, and the second put-back would be refused as already done, with an error toast.
 */
function once(action: () => void): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    action()
  }
}

/**
 * Offers the Undo once the server took the removal. Offline the removal waits on this device, and a
 * mis-tap would lose the title's place and note for good: the Undo is offered at once, and its
 * put-back waits behind the removal and goes out after it, in order. The same when the removal's
 * request is what finds the server out of reach: offered then, not a minute later, on whatever screen
 * the person has moved to, when the server is back and takes the removal. `remove` is given the key
 * it is sent under, so that this toast, which says it waits, is the only one to say so.
 */
function offerUndo(remove: (idempotencyKey: string) => Promise<boolean>, offer: (waiting: boolean) => void): void {
  const idempotencyKey = newIdempotencyKey()
  const offerWaiting = () => {
    // Its toast says it waits here; the waiting changes' own word would take the Undo's place.
    toldWaitingByItsOwnToast(idempotencyKey)
    offer(true)
  }
  const removal = remove(idempotencyKey)
  if (!onlineManager.isOnline()) {
    offerWaiting()
    return
  }
  let settled = false
  const settle = (waiting: boolean | null) => {
    if (settled) return
    settled = true
    stopWatching()
    if (waiting) offerWaiting()
    else if (waiting === false) offer(false)
  }
  const stopWatching = onlineManager.subscribe((online) => {
    if (!online) settle(true)
  })
  removal.then(
    (removed) => settle(removed ? false : null),
    () => settle(null),
  )
}

/** What a removal's toast says: done, or kept on this device until the connection is back (as other changes say). */
const removalDone = (waiting: boolean, done: string) =>
  waiting ? `Saved on this device: it will be sent ${whenChangesGoOut()}.` : done

/** The watchlist titles whose Undo was pressed, until the put-back is answered: `useFocusWhenPutBack`. */
const comingBack = new Set<string>()

/** Takes a title off at once; the toast that confirms it offers to put it back where it was. */
export function removeWithUndo({ remove, putBack }: Undoable<WatchlistItem>, item: WatchlistItem): void {
  offerUndo(
    (idempotencyKey) => remove(item, idempotencyKey),
    (waiting) =>
      toast({
        title: `Removed ${item.title}`,
        description: removalDone(waiting, 'It’s off your watchlist.'),
        action: {
          label: 'Undo',
          altText: `Put ${item.title} back on your watchlist`,
          onClick: once(() => {
            const key = titleKey(item)
            comingBack.add(key)
            void putBack(item).finally(() => comingBack.delete(key))
          }),
        },
      }),
  )
}

/**
 * The toast closes with its Undo, and Radix leaves the focus on the toasts' list, by then empty: the
 * keyboard would start again from there. The title's card comes back (at once: the put-back is drawn
 * while it is on its way), and `control`, the one that removed it, takes the focus instead. Call it
 * for each such control of a card; one hidden at this width does not take it, and the next one does.
 * Only while the focus is still where the toast left it: a person who has moved on keeps their place.
 */
export function useFocusWhenPutBack(title: MediaRef, control: RefObject<HTMLElement | null>): void {
  const key = titleKey(title)
  useLayoutEffect(() => {
    const element = control.current
    if (!element || !comingBack.has(key) || !(focusIsLost() || focusIsOnToasts())) return
    element.focus()
    if (document.activeElement === element) comingBack.delete(key)
  }, [key, control])
}

/**
 * Deletes a diary entry at once, like a watchlist removal; a rating and review are work to lose,
 * so the toast offers to log the same watch again with all it said.
 */
export function removeWatchedWithUndo({ remove, putBack }: Undoable<WatchedItem>, entry: WatchedItem): void {
  offerUndo(
    (idempotencyKey) => remove(entry, idempotencyKey),
    (waiting) =>
      toast({
        title: `Removed your entry for ${entry.title}`,
        description: removalDone(waiting, 'It’s out of your diary.'),
        action: {
          label: 'Undo',
          altText: `Put your entry for ${entry.title} back in your diary`,
          onClick: once(() => void putBack(entry)),
        },
      }),
  )
}

/**
 * The row is gone by the time Undo is pressed; its mutations run on in the query client's mutation cache.
 * The Undo puts the title back at its place when it was removed, read from the list then: a card
 * is not drawn again when a move elsewhere only renumbers it, so its `item.order` may be old.
 */
export function useRemoveFromWatchlistWithUndo(): (item: WatchlistItem) => void {
  const queryClient = useQueryClient()
  const remove = useRemoveFromWatchlist()
  const putBack = usePutBackOnWatchlist()
  return useCallback(
    (item: WatchlistItem) => {
      const now = watchlistNow(queryClient).find((candidate) => titleKey(candidate) === titleKey(item))
      removeWithUndo({ remove, putBack }, now ?? item)
    },
    [queryClient, remove, putBack],
  )
}

export function useRemoveWatchedWithUndo(): (entry: WatchedItem) => void {
  const remove = useRemoveWatched()
  const putBack = usePutBackWatched()
  return (entry) =>
    removeWatchedWithUndo({ remove: (removed, idempotencyKey) => remove(removed.id, idempotencyKey), putBack }, entry)
}
