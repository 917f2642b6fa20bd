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
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { focusIsLost, useFocusStaysInList } from '../../lib/focusLost'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { titleKey, type WatchlistStep } from '../../features/library/libraryChanges'
import { useMoveOnWatchlist, useStepOnWatchlist } from '../../features/library/useLibraryChanges'
import { GestureSafePointerSensor } from './pointerSensor'

/** What an item needs to be dragged by its handle and moved by its buttons. */
export interface ReorderControls {
  enabled: boolean
  isDragging: boolean
  /** Spread onto the drag handle button: pointer, touch and keyboard (Space to lift, arrows, Space to drop). */
  handle: Record<string, unknown>
  setHandleRef: (element: HTMLElement | null) => void
  /**
   * The single-tap alternatives to dragging (WCAG 2.5.7). Moving an item moves its element in the
   * page, which drops the keyboard focus: `thenFocus` names the control that takes it back once the
   * item shows in its new place.
   */
  moveUp?: ((thenFocus: () => HTMLElement | null) => void) | undefined
  moveDown?: ((thenFocus: () => HTMLElement | null) => void) | undefined
  /** To either end in one step: on a list of hundreds, one place a tap was no way to the top. */
  moveToTop?: ((thenFocus: () => HTMLElement | null) => void) | undefined
  moveToBottom?: ((thenFocus: () => HTMLElement | null) => void) | undefined
}

interface SortableWatchlistProps {
  items: WatchlistItem[]
  layout: 'grid' | 'list'
  /** Off while the list is sorted or filtered: "my order" only means something when it is what is shown. */
  reorderable: boolean
  className: string
  renderItem: (item: WatchlistItem, index: number, reorder: ReorderControls) => ReactNode
}

export const reorderInstructions =
  'To move a title, focus its handle and press Space or Enter to pick it up, move it with the arrow keys, and press Space or Enter to drop it, or Escape to cancel.'

/**
 * The watchlist in the user's order, reordered by dragging a handle (mouse, touch or keyboard)
 * or with the move buttons. A drop sends one move; the list shows it before the server answers.
 */
export function SortableWatchlist({ items, layout, reorderable, className, renderItem }: SortableWatchlistProps) {
  const moveOnWatchlist = useMoveOnWatchlist()
  const stepOnWatchlist = useStepOnWatchlist()
  const list = useRef<HTMLOListElement>(null)
  const followFocus = useFocusStaysInList(list)
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
    useSensor(GestureSafePointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const ids = items.map((item) => titleKey(item))
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
        items={ids}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={!reorderable}
      >
        <ol ref={list} onFocus={followFocus} className={className}>
          {items.map((item, index) => (
            <SortableSlot
              key={titleKey(item)}
              id={titleKey(item)}
              enabled={reorderable}
              index={index}
              count={items.length}
              onStep={(step) => void stepOnWatchlist(item, step)}
            >
              {(controls) => renderItem(item, index, controls)}
            </SortableSlot>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  )
}

function SortableSlot({
  id,
  enabled,
  index,
  count,
  onStep,
  children,
}: {
  id: string
  enabled: boolean
  index: number
  count: number
  /** Worked out from where the item is when the button is pressed, not from this render's index. */
  onStep: (step: WatchlistStep) => void
  children: (controls: ReorderControls) => ReactNode
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !enabled,
  })
  // React moves the item's element to its new place, and a moved element loses the focus; the
  // render that shows the item at its new index is the one to give it back.
  const focusAfterMove = useRef<(() => HTMLElement | null) | null>(null)
  useLayoutEffect(() => {
    const control = focusAfterMove.current?.()
    focusAfterMove.current = null
    // Only the focus the move dropped: by the time the item shows, the person may be typing elsewhere.
    if (control && focusIsLost()) control.focus()
  }, [index])
  const stepTo = (step: WatchlistStep) => (thenFocus: () => HTMLElement | null) => {
    focusAfterMove.current = thenFocus
    onStep(step)
  }
  const moves = {
    moveUp: enabled && index > 0 ? stepTo('up') : undefined,
    moveDown: enabled && index < count - 1 ? stepTo('down') : undefined,
    // Next to the end, a move up or down is already the way there.
    moveToTop: enabled && index > 1 ? stepTo('top') : undefined,
    moveToBottom: enabled && index < count - 2 ? stepTo('bottom') : undefined,
  }
  return (
    <li
      ref={setNodeRef}
      data-title-key={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative ${isDragging ? 'z-20' : ''}`}
    >
      {children({
        enabled,
        isDragging,
        handle: { ...attributes, ...listeners },
        setHandleRef: setActivatorNodeRef,
        ...moves,
      })}
    </li>
  )
}
