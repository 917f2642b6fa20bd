interface RatingBadgeProps {
  /** TMDB's 0–10 vote average. */
  value: number
  voteCount?: number
  className?: string
  /** A pill over artwork, or plain text in a line of facts. */
  variant?: 'pill' | 'inline'
}

/** The audience score as a small star badge; nothing at all when nobody has rated the title. */
export function RatingBadge({ value, voteCount, className = '', variant = 'pill' }: RatingBadgeProps) {
  if (value <= 0 || voteCount === 0) return null
  return (
    <span
      // Never broken inside the number ("9." over "2" reads as two scores), nor squeezed by its line.
      className={`inline-flex shrink-0 items-center gap-1 whitespace-nowrap font-semibold text-gold ${
        variant === 'pill' ? 'rounded-full bg-black/75 px-2 py-0.5 text-xs' : ''
      } ${className}`}
      role="img"
      aria-label={`Rated ${value.toFixed(1)} out of 10`}
    >
      <svg viewBox="0 0 20 20" className="h-3 w-3 fill-current" aria-hidden="true">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </svg>
      {value.toFixed(1)}
    </span>
  )
}
