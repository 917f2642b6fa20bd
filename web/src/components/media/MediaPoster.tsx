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
      <div className="absolute inset-0 flex flex-col justify-end p-[8cqw]">
        <span className="line-clamp-5 font-serif font-semibold leading-[1.1] text-white [font-size:clamp(0.85rem,12cqw,2.5rem)] [overflow-wrap:anywhere] [text-wrap:balance] hyphens-auto">
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

function titleCardGradient(hue: number): string {
  return `linear-gradient(160deg, hsl(${hue} 45% 32%), hsl(${(hue + 40) % 360} 40% 14%) 70%)`
}
