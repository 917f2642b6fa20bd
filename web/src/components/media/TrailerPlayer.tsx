import { imageUrl, pickTrailer, type Video } from '@reelmates/contracts/catalog'
import { useState } from 'react'
import { hideBrokenImage } from './hideBrokenImage'

interface TrailerPlayerProps {
  title: string
  videos: readonly Video[]
  /** A still shown behind the play button; without one the button sits on a plain panel. */
  backdropPath: string | null
}

/**
 * The trailer chosen by the rule of spec §5 (an official YouTube Trailer, else any YouTube Trailer).
 * Nothing from YouTube loads until the viewer asks for it: the privacy-enhanced embed replaces the
 * button on click. No trailer, no player.
 */
export function TrailerPlayer({ title, videos, backdropPath }: TrailerPlayerProps) {
  const trailer = pickTrailer(videos)
  const [playing, setPlaying] = useState(false)
  if (!trailer) return null
  const still = imageUrl(backdropPath)

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-panel ring-1 ring-white/10">
      {playing ? (
        <iframe
          src={trailerEmbedUrl(trailer)}
          title={`${title} — ${trailer.name}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          className="absolute inset-0 h-full w-full"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          // The ring sits inside the button: the rounded frame around it clips anything outside.
          className="group absolute inset-0 flex h-full w-full items-center justify-center rounded-2xl focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-amber-400"
        >
          {still ? (
            <img
              src={still}
              alt=""
              loading="lazy"
              onError={hideBrokenImage}
              className="absolute inset-0 h-full w-full object-cover opacity-60 transition group-hover:opacity-75"
            />
          ) : (
            <span className="absolute inset-0 bg-[radial-gradient(ellipse_at_center,_#3f3f46,_#18181b_70%)]" />
          )}
          <span className="relative flex items-center gap-3 rounded-full bg-white/95 py-3 pl-4 pr-6 text-sm font-semibold text-ink shadow-xl transition group-hover:scale-105">
            <svg viewBox="0 0 20 20" className="h-5 w-5 fill-current" aria-hidden="true">
              <path d="M6 4l10 6-10 6z" />
            </svg>
            Play trailer
          </span>
          <span className="absolute bottom-3 right-4 text-xs text-white/70">{trailer.name} · YouTube</span>
        </button>
      )}
    </div>
  )
}

export function trailerEmbedUrl(trailer: Pick<Video, 'key'>): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(trailer.key)}?autoplay=1&rel=0&modestbranding=1`
}
