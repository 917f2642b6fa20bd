/** The look of a text button that offers a way on (Try again, and the like), the same on every screen. */
export const wayOnButton =
  'font-semibold text-amber-300 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-amber-400'

/**
 * Asks again for what failed to load. `className`: its place and size where it stands. `what`: what it
 * asks for, where one page has more than one ("Try again: timed jobs"), so each button has its own name.
 */
export function TryAgain({
  onRetry,
  className = 'mt-3 text-sm',
  what,
}: {
  onRetry: () => void
  className?: string
  what?: string
}) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className={`${className} ${wayOnButton}`}
      aria-label={what ? `Try again: ${what}` : undefined}
    >
      Try again
    </button>
  )
}
