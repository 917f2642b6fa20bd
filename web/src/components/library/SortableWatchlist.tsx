import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { useCallback, useLayoutEffect, useMemo, useRef, type NamedExoticComponent } from 'react'
import { useFocusStaysInList } from '../../lib/focusLost'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { LibraryMarksProvider } from '../../features/library/libraryMarks'
import { titleKey, type WatchlistStep } from '../../features/library/libraryChanges'
import { useMoveOnWatchlist, useStepOnWatchlist } from '../../features/library/useLibraryChanges'
import { GestureSafePointerSensor } from './pointerSensor'
import { ShowMoreTitles, useTitlesShown } from './ShowMoreTitles'
import { SortableSlot, type WatchlistItemViewProps } from './SortableSlot'

export { memoItemView, WatchlistPlace, type ReorderControls, type WatchlistItemViewProps } from './SortableSlot'

interface SortableWatchlistProps {
  items: WatchlistItem[]
  layout: 'grid' | 'list'
  /** Off while the list is sorted or filtered: "my order" only means something when it is what is shown. */
  reorderable: boolean
  className: string
  /** A card or row, made with `memoItemView` so that a change to one title draws that title alone. */
  Item: NamedExoticComponent<WatchlistItemViewProps>
}

export const reorderInstructions =
  'To move a title, focus its handle and press Space or Enter to pick it up, move it with the arrow keys, and press Space or Enter to drop it, or Escape to cancel.'

// Made once: new options make new sensors, and with them new listeners for every handle, which
// drew every card again on each change.
// A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
const pointerOptions = { activationConstraint: { distance: 6 } }
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates }

/**
 * The watchlist in the user's order, reordered by dragging a handle (mouse, touch or keyboard)
 * or with the move buttons. A drop sends one move; the list shows it before the server answers.
 */
export function SortableWatchlist({ items, layout, reorderable, className, Item }: SortableWatchlistProps) {
  const moveOnWatchlist = useMoveOnWatchlist()
  const stepOnWatchlist = useStepOnWatchlist()
  const list = useRef<HTMLOListElement>(null)
  const followFocus = useFocusStaysInList(list)
  const sensors = useSensors(
    useSensor(GestureSafePointerSensor, pointerOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  )
  // The same ids while the order is the same (a note, a rating, the server's answer to a move):
  // dnd-kit's context, and with it every slot, changes only when the order does.
  const order = items.map((item) => titleKey(item)).join('\n')
  const ids = useMemo(() => (order === '' ? [] : order.split('\n')), [order])
  const { shown, more, reach } = useTitlesShown(items.length, list)
  // Dragging reaches the titles drawn; the moves reach the whole list, and draw as far as they go.
  const shownIds = useMemo(() => ids.slice(0, shown), [ids, shown])
  const latest = useRef(items)
  useLayoutEffect(() => {
    latest.current = items
  }, [items])
  const onStep = useCallback(
    (item: WatchlistItem, step: WatchlistStep) => {
      const all = latest.current
      const from = all.findIndex((candidate) => titleKey(candidate) === titleKey(item))
      reach({ up: from - 1, down: from + 1, top: 0, bottom: all.length - 1 }[step])
      void stepOnWatchlist(item, step)
    },
    [stepOnWatchlist, reach],
  )
  const titleOf = (id: UniqueIdentifier) => items.find((item) => titleKey(item) === id)?.title ?? 'Title'
  const placeOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1)

  const move = (item: WatchlistItem, toIndex: number) => {
    if (toIndex < 0 || toIndex >= items.length) return
    void moveOnWatchlist(item, toIndex, items)
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const item = items.find((candidate) => titleKey(candidate) === active.id)
    if (item) move(item, ids.indexOf(String(over.id)))
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, number ${placeOf(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} is now at number ${placeOf(over.id)} of ${items.length}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Dropped ${titleOf(active.id)} at number ${placeOf(over.id)} of ${items.length}.`
        : `Dropped ${titleOf(active.id)}.`,
    onDragCancel: ({ active }) => `Cancelled. ${titleOf(active.id)} stays at number ${placeOf(active.id)}.`,
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: reorderInstructions } }}
    >
      <SortableContext
        items={shownIds}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={!reorderable}
      >
        {/* One subscription to my watched titles for the whole list, not one per card. */}
        <LibraryMarksProvider>
          <ol ref={list} onFocus={followFocus} className={className}>
            {items.slice(0, shown).map((item, index) => (
              <SortableSlot
                key={titleKey(item)}
                item={item}
                enabled={reorderable}
                index={index}
                count={items.length}
                onStep={onStep}
                Item={Item}
              />
            ))}
          </ol>
        </LibraryMarksProvider>
        <ShowMoreTitles shown={shown} total={items.length} onMore={more} />
      </SortableContext>
    </DndContext>
  )
}
