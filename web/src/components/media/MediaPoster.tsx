import { imageUrl } from '@reelmates/contracts/catalog'
import { useState } from 'react'
import placeholderPoster from './placeholder-poster.svg'

interface MediaPosterProps {
  title: string
  posterPath: string | null
  /** Shown on the title card that stands in for a missing poster. */
  year?: string | undefined
  /** Seeds the title card's colour so each title keeps its own. */
  seed: number
  /** The first posters on screen load eagerly; the rest wait until they scroll near. */
  priority?: boolean
  className?: string
}

/**
 * A poster at TMDB's width 500, or the placeholder image under a title card when the title has no
 * image (always, in the offline catalog) or its image cannot load: a tasteful card beats a grey box.
 */
export function MediaPoster({ title, posterPath, year, seed, priority = false, className = '' }: MediaPosterProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = imageUrl(posterPath)
  const frame = `@container relative aspect-[2/3] w-full overflow-hidden rounded-xl bg-panel-2 ${className}`
  if (src && failed !== src) {
    return (
      <div className={frame}>
        <img
          src={src}
          alt=""
          width={500}
          height={750}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          onError={() => setFailed(src)}
          className="h-full w-full object-cover"
        />
      </div>
    )
  }
  const hue = Math.abs(seed * 47) % 360
  return (
    <div className={frame} style={{ backgroundImage: titleCardGradient(hue) }}>
      <img
        src={placeholderPoster}
        alt=""
        className="absolute inset-0 h-full w-full object-cover opacity-40 mix-blend-luminosity"
      />
      {/* Drawn, not read: a poster is an image without words for a screen reader (alt=""), and the card
          or row around it names the title; read here as well, a card's link said its title twice. */}
      <div aria-hidden="true" className="absolute inset-0 flex flex-col justify-end p-[8cqw]">
        <span
          className="line-clamp-5 break-words font-serif font-semibold leading-[1.1] text-white [text-wrap:balance]"
          style={{ fontSize: titleCardSize(title) }}
        >
          {title}
        </span>
        {year ? (
          <span className="mt-[3cqw] font-medium tracking-widest text-white/70 [font-size:clamp(0.65rem,6cqw,1rem)]">
            {year}
          </span>
        ) : null}
      </div>
    </div>
  )
}

/**
 * The title card's type: 12% of the poster's width within readable bounds, but never so large that
 * the title's longest word cannot fit on a line: a feed card's poster is 64px wide, where the
 * readable minimum broke "Gladiator" into "Gladiato" and "r". A letter is taken as 0.6em (wider
 * than most serif letters) across the 84% of the width inside the padding. Below half a rem a word
 * too long for the box still breaks (`break-words`) rather than spill out of the poster; no
 * hyphenation either, which would split words that fit on the next line.
 */
function titleCardSize(title: string): string {
  const longestWord = Math.max(1, ...title.split(/\s+/).map((word) => Array.from(word).length))
  const fitting = (84 / 0.6 / longestWord).toFixed(2)
  return `max(0.5rem, min(clamp(0.85rem, 12cqw, 2.5rem), ${fitting}cqw))`
}

function titleCardGradient(hue: number): string {
  return `linear-gradient(160deg, hsl(${hue} 45% 32%), hsl(${(hue + 40) % 360} 40% 14%) 70%)`
}
