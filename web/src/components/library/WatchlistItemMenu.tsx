import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useRef } from 'react'
import type { WatchlistItem } from '@reelmates/contracts/watchlist'
import { Icon, type IconName } from './icons'
import { useFocusWhenPutBack } from './removeWithUndo'

interface MenuAction {
  label: string
  icon: IconName
  /**
   * `menuButton` is where the focus belongs once the action is done: the chosen item goes with the
   * menu, and a dialog or a move would otherwise leave the focus on the page's body.
   */
  onSelect: (menuButton: () => HTMLElement | null) => void
  /** Opens a dialog: focus goes there, not back to the menu's button, until the dialog closes. */
  opensDialog?: boolean
  tone?: 'danger'
}

/**
 * The actions every watchlist item offers in its menu, in this order; `moveWords` names the moves
 * as the layout shows them (earlier/later in a grid, up/down in a list).
 */
export function watchlistItemActions(
  item: WatchlistItem,
  handlers: {
    editNote: (returnFocusTo: () => HTMLElement | null) => void
    moveUp?: ((thenFocus: () => HTMLElement | null) => void) | undefined
    moveDown?: ((thenFocus: () => HTMLElement | null) => void) | undefined
    moveToTop?: ((thenFocus: () => HTMLElement | null) => void) | undefined
    moveToBottom?: ((thenFocus: () => HTMLElement | null) => void) | undefined
    remove: () => void
  },
  moveWords: { up: string; down: string },
): (MenuAction | false | undefined)[] {
  return [
    { label: item.note ? 'Edit note' : 'Add a note', icon: 'pencil', onSelect: handlers.editNote, opensDialog: true },
    handlers.moveUp && { label: moveWords.up, icon: 'up', onSelect: handlers.moveUp },
    handlers.moveDown && { label: moveWords.down, icon: 'down', onSelect: handlers.moveDown },
    handlers.moveToTop && { label: 'Move to top', icon: 'up', onSelect: handlers.moveToTop },
    handlers.moveToBottom && { label: 'Move to bottom', icon: 'down', onSelect: handlers.moveToBottom },
    { label: 'Remove from watchlist', icon: 'trash', tone: 'danger', onSelect: handlers.remove },
  ]
}

interface WatchlistItemMenuProps {
  item: WatchlistItem
  actions: readonly (MenuAction | false | undefined)[]
  className?: string
}

/**
 * One labelled "More actions" button for a watchlist item, instead of a row of bare icons on a
 * phone: its menu names every action in words (Radix: arrow keys, Escape, focus handled).
 */
export function WatchlistItemMenu({ item, actions, className = '' }: WatchlistItemMenuProps) {
  const dialogOpening = useRef(false)
  const trigger = useRef<HTMLButtonElement>(null)
  useFocusWhenPutBack(item, trigger)
  const shown = actions.filter((action): action is MenuAction => Boolean(action))
  return (
    // Not modal: a modal menu hides the rest of the page from screen readers (aria-hidden) while its
    // links and buttons stay focusable. Focus still moves into the menu; Escape and a click outside
    // still close it.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={trigger}
        aria-label={`More actions for ${item.title}`}
        title="More actions"
        className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-zinc-300 transition hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 data-[state=open]:bg-white/10 ${className}`}
      >
        <Icon name="more" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={12}
          onCloseAutoFocus={(event) => {
            if (dialogOpening.current) event.preventDefault()
            dialogOpening.current = false
          }}
          className="z-50 min-w-48 rounded-xl bg-panel-2 p-1 text-sm text-zinc-100 shadow-2xl shadow-black/60 ring-1 ring-white/10"
        >
          <DropdownMenu.Label className="max-w-64 px-3 pb-1 pt-2 text-xs font-semibold text-zinc-400 [overflow-wrap:anywhere]">
            {item.title}
          </DropdownMenu.Label>
          {shown.map((action) => (
            <DropdownMenu.Item
              key={action.label}
              onSelect={() => {
                dialogOpening.current = action.opensDialog ?? false
                action.onSelect(() => trigger.current)
              }}
              className={`flex min-h-11 cursor-pointer select-none items-center gap-3 rounded-lg px-3 outline-none data-[highlighted]:bg-white/10 ${
                action.tone === 'danger' ? 'text-rose-300' : ''
              }`}
            >
              <Icon name={action.icon} className="h-[18px] w-[18px] shrink-0" />
              {action.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
