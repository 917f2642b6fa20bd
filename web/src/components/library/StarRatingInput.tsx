import { useId, useState } from 'react'
import { ratingLabel, starFills } from '../../features/library/rating'
import { Star } from './StarRating'

interface StarRatingInputProps {
  value: number | null
  onChange: (rating: number | null) => void
}

/**
 * Ten radio buttons drawn as five stars, each star's left half one point and right half the next:
 * arrow keys move half a star, as native radios do, and a tap or click picks the half under it. A
 * star is 48 px, so each half is a 24 px target (WCAG 2.5.8): at 40 px a finger meaning "4 stars"
 * often landed on the 20 px left half and saved 3½.
 */
export function StarRatingInput({ value, onChange }: StarRatingInputProps) {
  const name = useId()
  const [preview, setPreview] = useState<number | null>(null)
  const shown = preview ?? value
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-zinc-200">Your rating</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative flex" onPointerLeave={() => setPreview(null)}>
          {starFills(shown).map((fill, index) => (
            <span key={index} className="relative h-12 w-12">
              <Star fill={fill} className="h-full w-full p-1" />
              {[index * 2 + 1, index * 2 + 2].map((rating, half) => (
                <label
                  key={rating}
                  className={`absolute inset-y-0 cursor-pointer ${half === 0 ? 'left-0 w-1/2' : 'right-0 w-1/2'}`}
                  onPointerEnter={() => setPreview(rating)}
                >
                  <input
                    type="radio"
                    name={name}
                    value={rating}
                    checked={value === rating}
                    onChange={() => onChange(rating)}
                    className="peer sr-only"
                  />
                  <span className="sr-only">{ratingLabel(rating)}</span>
                  <span className="pointer-events-none absolute inset-0 rounded-md peer-focus-visible:ring-2 peer-focus-visible:ring-amber-400" />
                </label>
              ))}
            </span>
          ))}
        </div>
        <span className="text-sm tabular-nums text-zinc-300" aria-hidden="true">
          {ratingLabel(shown)}
        </span>
        {value !== null ? (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="text-sm text-zinc-400 underline-offset-4 hover:text-zinc-100 hover:underline focus-visible:outline-2 focus-visible:outline-amber-400"
          >
            Clear rating
          </button>
        ) : null}
      </div>
    </fieldset>
  )
}
