import * as Toolbar from '@radix-ui/react-toolbar'
import { reactionEmojis, type ReactionEmoji, type ReactionSummary } from '@reelmates/contracts/feed'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { isDoubleClickRepeat, useQuickPresses } from '../../lib/quickPresses'

interface ReactionsBarProps {
  reactions: readonly ReactionSummary[]
  /** `button` is the toggle pressed: a compact bar takes a chip away when its count falls to 0. */
  onToggle: (emoji: ReactionEmoji, on: boolean, button: HTMLButtonElement) => void
  /** What the bar is about, for screen readers: "ann's watch of Dune", "your comment". */
  subject: string
  /** The reader's username: named "you" among who reacted. */
  me?: string
  /** Only the reactions given (none: no bar at all); the palette to give one is elsewhere. */
  compact?: boolean
  /** The bar's name, when it is not "Reactions to" its subject (a palette to pick from). */
  label?: string
  /**
   * Who reacted, and only one's own reaction to press (taking it back): a card closed by an ended
   * friendship takes no new reactions, but what I gave stays mine to take back.
   */
  readOnly?: boolean
}

/**
 * What a press did, for a `role="status"` region: "You reacted ❤️ to ben's comment", "You took back
 * your ❤️ on ann's watch of Dune". The pressed toggle changes its name and state without a word said,
 * and a palette or chip may go from under the focus with it.
 */
export const reactionSaid = (emoji: ReactionEmoji, on: boolean, subject: string): string =>
  on ? `You reacted ${emoji} to ${subject}` : `You took back your ${emoji} on ${subject}`

/** What a refused press did not do, said in place of `reactionSaid`'s words (the toast gives the reason). */
export const reactionRefused = (emoji: ReactionEmoji, on: boolean, subject: string): string =>
  on ? `Couldn't react ${emoji} to ${subject}` : `Couldn't take back your ${emoji} on ${subject}`

/**
 * Says a press as it is shown, at once, and says again when the server refuses it: the status went on
 * saying "You reacted 🔥 to your comment" while the toast said it was not saved. A later press of the
 * same emoji on the same subject has the last word (its own words, or its own refusal).
 */
export function useReactionStatus(say: (words: string) => void) {
  const presses = useRef(new Map<string, number>())
  return useCallback(
    (emoji: ReactionEmoji, on: boolean, subject: string, sent: Promise<boolean>) => {
      const key = `${subject}|${emoji}`
      const press = (presses.current.get(key) ?? 0) + 1
      presses.current.set(key, press)
      say(reactionSaid(emoji, on, subject))
      void sent.then((taken) => {
        if (!taken && presses.current.get(key) === press) say(reactionRefused(emoji, on, subject))
      })
    },
    [say],
  )
}

/** Who reacted, the reader first as "you": "you, cara". */
const whoReacted = (users: readonly string[], me: string | undefined) =>
  users.includes(me ?? '') ? ['you', ...users.filter((user) => user !== me)] : users

const longPressMs = 450
/** The least room kept between who reacted and the edge of the screen. */
const edgePx = 8

/**
 * Who reacted, above the chip, from its left edge; moved left as far as it must to stay on screen. A
 * chip near the right edge of a phone put the names past it: they were cut, and the page grew wider
 * than the phone (scrolling sideways). Measured before it is drawn, so it never shows out of place.
 * No positioning library is installed for this one box (Radix's Popover is not among the app's).
 */
function WhoReacted({ children }: { children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null)
  const [shift, setShift] = useState(0)
  useLayoutEffect(() => {
    if (!box.current) return
    const { left, right } = box.current.getBoundingClientRect()
    const room = document.documentElement.clientWidth - edgePx
    if (right > room) setShift(Math.max(room - right, edgePx - left))
  }, [])
  return (
    <span
      ref={box}
      role="tooltip"
      style={shift ? { transform: `translateX(${shift}px)` } : undefined}
      className="absolute bottom-full left-0 z-20 mb-1.5 w-max max-w-[min(14rem,calc(100vw-1rem))] rounded-lg bg-zinc-800 px-2.5 py-1.5 text-xs text-zinc-100 shadow-lg ring-1 ring-white/10"
    >
      {children}
    </span>
  )
}

/**
 * The fixed palette as toggles, each with its count. Who reacted shows on hover (a pointer) or on a
 * long press (a phone) or keyboard focus; a long press does not toggle. The palette is one toolbar, one Tab stop: the
 * arrow keys (and Home, End) move between its toggles, so a keyboard gets past an activity's seven
 * reactions with one press instead of seven.
 */
export function ReactionsBar({
  reactions,
  onToggle,
  subject,
  me,
  compact: onlyGiven = false,
  label,
  readOnly = false,
}: ReactionsBarProps) {
  // A palette nobody may press would offer what cannot be given: only the reactions given show.
  const compact = onlyGiven || readOnly
  const [shown, setShown] = useState<ReactionEmoji | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const pressedLong = useRef(false)
  const press = useQuickPresses()
  // Shown by a long press, the names stay after the finger lifts (a touch leaves the chip as it
  // lifts), until the next touch or click anywhere.
  useEffect(() => {
    if (shown === null) return
    const hide = () => setShown(null)
    document.addEventListener('pointerdown', hide, true)
    return () => document.removeEventListener('pointerdown', hide, true)
  }, [shown])

  // An empty toolbar is still read out as one: a comment nobody reacted to has none.
  if (compact && !reactions.some((reaction) => reaction.count > 0)) return null
  return (
    <Toolbar.Root
      // Touch chips are 44 px wide: 2 px between them keeps the seven on one row of a 390 px phone's card.
      className="flex flex-wrap gap-1 pointer-coarse:max-sm:gap-0.5 sm:gap-1.5"
      aria-label={label ?? `Reactions to ${subject}`}
    >
      {reactionEmojis.map((emoji) => {
        const reaction = reactions.find((one) => one.emoji === emoji)
        const count = reaction?.count ?? 0
        const mine = reaction?.mine ?? false
        if (compact && count === 0) return null
        const who = whoReacted(reaction?.users ?? [], me).join(', ')
        const locked = readOnly && !mine
        return (
          <span key={emoji} className="relative">
            <Toolbar.Button
              type="button"
              aria-pressed={mine}
              aria-disabled={locked || undefined}
              // Whose, too: a screen reader lists a feed's buttons apart from their bars. Pressed says mine.
              aria-label={`${emoji} ${count} on ${subject}${who ? `: ${who}` : ''}`}
              onPointerEnter={(event) => event.pointerType === 'mouse' && count > 0 && setShown(emoji)}
              onPointerLeave={(event) => {
                window.clearTimeout(timer.current)
                if (event.pointerType === 'mouse') setShown((current) => (current === emoji ? null : current))
              }}
              onPointerDown={(event) => {
                pressedLong.current = false
                if (event.pointerType === 'mouse') return
                timer.current = window.setTimeout(() => {
                  pressedLong.current = true
                  setShown(emoji)
                }, longPressMs)
              }}
              onPointerUp={() => window.clearTimeout(timer.current)}
              // From the keyboard (focus-visible), the names show as they do under a mouse; Escape hides them.
              onFocus={(event) => count > 0 && event.currentTarget.matches(':focus-visible') && setShown(emoji)}
              onBlur={() => setShown((current) => (current === emoji ? null : current))}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && shown === emoji) {
                  event.stopPropagation()
                  setShown(null)
                }
              }}
              onContextMenu={(event) => event.preventDefault()}
              onClick={(event) => {
                if (locked || pressedLong.current || isDoubleClickRepeat(event)) return
                onToggle(emoji, press(emoji, mine), event.currentTarget)
              }}
              // A finger gets 44 px each way (WCAG 2.5.5, Apple's guideline): these are the feed's most
              // tapped controls, and 40×32 was a small mark for a thumb. Seven uncounted chips still make
              // one row on a 390 px phone's card (counts, or a narrower phone, wrap the bar onto a second
              // row); a mouse keeps the compact 32 px.
              className={`inline-flex h-8 min-w-10 select-none items-center justify-center gap-1 rounded-full px-2 pointer-coarse:h-11 pointer-coarse:min-w-11 sm:min-w-11 sm:px-2.5 text-sm ring-1 transition-colors ${
                mine ? 'bg-reel/20 text-white ring-reel/60' : 'bg-white/5 text-zinc-300 ring-white/10 hover:bg-white/10'
              }`}
            >
              <span aria-hidden="true">{emoji}</span>
              {count > 0 ? <span className="text-xs font-semibold tabular-nums">{count}</span> : null}
            </Toolbar.Button>
            {shown === emoji && who ? (
              <WhoReacted>
                {emoji} {who}
              </WhoReacted>
            ) : null}
          </span>
        )
      })}
    </Toolbar.Root>
  )
}
