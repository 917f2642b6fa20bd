import { ratingLabel, starFills, starsText, type StarFill } from '../../features/library/rating'

const starPath = 'M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z'

/**
 * One star, whole, half or empty; the half is the left half, as five-star scales read. On paper the
 * filled part is black and an empty star an outline: in grey and yellow a black-and-white printer
 * gave the empty ones the darker grey.
 */
export function Star({ fill, className = 'h-4 w-4' }: { fill: StarFill; className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true">
      <path d={starPath} className="fill-zinc-700 print:fill-none print:stroke-zinc-950 print:stroke-[1.5]" />
      {fill !== 'empty' ? (
        <path
          d={starPath}
          className="fill-amber-400 print:fill-zinc-950"
          style={fill === 'half' ? { clipPath: 'inset(0 50% 0 0)' } : undefined}
        />
      ) : null}
    </svg>
  )
}

interface StarRatingProps {
  /** 1–10, shown as five stars with halves. */
  rating: number | null
  size?: 'sm' | 'md'
  className?: string
  /** False where the number is written beside the stars already (a paper would show it twice). */
  numberInPrint?: boolean
}

/** A rating as five stars, read as words by screen readers. */
export function StarRating({ rating, size = 'sm', className = '', numberInPrint = true }: StarRatingProps) {
  if (rating === null) return null
  const star = size === 'sm' ? 'h-3.5 w-3.5' : 'h-5 w-5'
  return (
    <span role="img" aria-label={ratingLabel(rating)} className={`inline-flex items-center gap-0.5 ${className}`}>
      {starFills(rating).map((fill, index) => (
        <Star key={index} fill={fill} className={star} />
      ))}
      {/* Small stars and halves are hard to count on paper: the number says it. */}
      {numberInPrint ? <span className="ml-1 hidden text-xs print:inline">{starsText(rating)}/5</span> : null}
    </span>
  )
}
