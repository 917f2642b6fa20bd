import type { RefObject } from 'react'
import { scrollBehavior } from '../../lib/reducedMotion'
import { useScrollEnds } from '../../lib/scrollEnds'

/**
 * The arrows that page a row on larger screens, offered only where the row can go: none back at its
 * start, none on at its end. They follow the row as it scrolls, in a component of their own so that
 * an arrow coming or going draws two buttons again, not the row's twenty cards.
 */
export function RowArrows({ track }: { track: RefObject<HTMLElement | null> }) {
  const { atStart, atEnd } = useScrollEnds(track)
  const page = (direction: 1 | -1) => {
    const element = track.current
    if (element) element.scrollBy({ left: direction * element.clientWidth * 0.85, behavior: scrollBehavior() })
  }
  return (
    <>
      {atStart ? null : <RowButton direction={-1} onClick={() => page(-1)} />}
      {atEnd ? null : <RowButton direction={1} onClick={() => page(1)} />}
    </>
  )
}

function RowButton({ direction, onClick }: { direction: 1 | -1; onClick: () => void }) {
  const side = direction === 1 ? 'right-2' : 'left-2'
  return (
    <button
      type="button"
      onClick={onClick}
      // Pointer users page with these; keyboard users tab through the cards, so they skip them.
      tabIndex={-1}
      aria-label={direction === 1 ? 'Scroll right' : 'Scroll left'}
      className={`absolute top-[38%] ${side} hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-ink/80 text-white opacity-0 shadow-lg ring-1 ring-white/10 backdrop-blur transition hover:bg-panel-2 group-hover/row:opacity-100 md:flex`}
    >
      <svg viewBox="0 0 20 20" className="h-5 w-5 fill-current" aria-hidden="true">
        <path
          d={
            direction === 1
              ? 'M7.5 4.5L13 10l-5.5 5.5-1.4-1.4L10.2 10 6.1 5.9z'
              : 'M12.5 4.5L7 10l5.5 5.5 1.4-1.4L9.8 10l4.1-4.1z'
          }
        />
      </svg>
    </button>
  )
}
