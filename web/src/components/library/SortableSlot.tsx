import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import {
  createContext,
  memo,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentType,
  type NamedExoticComponent,
} from 'react'
import { titleKey, type WatchlistStep } from '../../features/library/libraryChanges'
import { focusIsLost } from '../../lib/focusLost'

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

/** What a card or row of the watchlist is given. Its place (number) it reads with `WatchlistPlace`. */
export interface WatchlistItemViewProps {
  item: WatchlistItem
  reorder: ReorderControls
  /** Among the first on screen: its poster loads at once. */
  eager: boolean
}

const PlaceContext = createContext(0)

/**
 * The item's number on the list. A move shifts the number of every title it passes (a move to the top
 * from 400th, 400 of them): read from context, only this number is drawn again, not the whole card.
 */
export function WatchlistPlace() {
  return useContext(PlaceContext) + 1
}

/**
 * A card that draws again only when what it shows changed. `order` is left out: a move renumbers
 * every title it passes, and the card shows its place through `WatchlistPlace` instead. The actions
 * that need the place (a removal's Undo) read it from the list when they run, not from here.
 */
export function memoItemView(
  view: ComponentType<WatchlistItemViewProps>,
): NamedExoticComponent<WatchlistItemViewProps> {
  return memo(
    view,
    (before, after) =>
      before.reorder === after.reorder && before.eager === after.eager && sameShown(before.item, after.item),
  )
}

/** Equal in all but `order`: the answer from the server and a fold of pending changes make new objects of equal titles. */
export function sameShown(a: WatchlistItem, b: WatchlistItem): boolean {
  if (a === b) return true
  const keys = Object.keys(a) as (keyof WatchlistItem)[]
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => {
    if (key === 'order') return true
    const x = a[key]
    const y = b[key]
    return x === y || (typeof x === 'object' && typeof y === 'object' && JSON.stringify(x) === JSON.stringify(y))
  })
}

interface SortableSlotProps {
  item: WatchlistItem
  enabled: boolean
  index: number
  count: number
  /** Stable across renders, so the slot need not draw again; worked out from where the item is when pressed. */
  onStep: (item: WatchlistItem, step: WatchlistStep) => void
  Item: NamedExoticComponent<WatchlistItemViewProps>
}

/**
 * One sortable place. dnd-kit re-renders every slot when the order changes (its context holds the
 * ids), so the slot stays cheap: its controls keep their identity unless what they offer changes,
 * and the memoised item view below draws again only for its own changes.
 */
export const SortableSlot = memo(function SortableSlot({
  item,
  enabled,
  index,
  count,
  onStep,
  Item,
}: SortableSlotProps) {
  const id = titleKey(item)
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
  // The moves name the item as it is now, without making new controls each time its fields change.
  const current = useRef(item)
  useLayoutEffect(() => {
    current.current = item
  }, [item])
  const canUp = enabled && index > 0
  const canDown = enabled && index < count - 1
  // Next to the end, a move up or down is already the way there.
  const canTop = enabled && index > 1
  const canBottom = enabled && index < count - 2
  const reorder = useMemo<ReorderControls>(() => {
    const stepTo = (step: WatchlistStep) => (thenFocus: () => HTMLElement | null) => {
      focusAfterMove.current = thenFocus
      onStep(current.current, step)
    }
    return {
      enabled,
      isDragging,
      handle: { ...attributes, ...listeners },
      setHandleRef: setActivatorNodeRef,
      moveUp: canUp ? stepTo('up') : undefined,
      moveDown: canDown ? stepTo('down') : undefined,
      moveToTop: canTop ? stepTo('top') : undefined,
      moveToBottom: canBottom ? stepTo('bottom') : undefined,
    }
  }, [enabled, isDragging, attributes, listeners, setActivatorNodeRef, canUp, canDown, canTop, canBottom, onStep])
  return (
    <li
      ref={setNodeRef}
      data-title-key={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative ${isDragging ? 'z-20' : ''}`}
    >
      <PlaceContext value={index}>
        <Item item={item} reorder={reorder} eager={index < 6} />
      </PlaceContext>
    </li>
  )
})
