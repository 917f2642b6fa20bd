import type { MediaResult } from '@reelmates/contracts/catalog'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { titleOf, yearOf } from '../../features/catalog/catalogCalls'
import { MediaPoster } from './MediaPoster'
import { RatingBadge } from './RatingBadge'

interface MediaCardProps {
  media: MediaResult
  priority?: boolean
  /** A mark over the poster's lower corner, e.g. that I have watched the title. */
  mark?: ReactNode
  /** A line under the title, e.g. which friends loved it. */
  note?: string | undefined
}

/** A title as a poster with its name and year, opening its details page. */
export function MediaCard({ media, priority = false, mark, note }: MediaCardProps) {
  const title = titleOf(media)
  const year = yearOf(media)
  return (
    <Link
      to="/media/$mediaType/$id"
      params={{ mediaType: media.media_type, id: String(media.id) }}
      className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-400"
    >
      <div className="relative transition duration-300 ease-out group-hover:-translate-y-1 group-hover:shadow-2xl group-hover:shadow-black/50">
        <MediaPoster title={title} year={year} posterPath={media.poster_path} seed={media.id} priority={priority} />
        {mark ? <span className="absolute bottom-2 left-2">{mark}</span> : null}
      </div>
      <div className="mt-2 px-0.5">
        <p className="truncate text-sm font-medium text-zinc-100 group-hover:text-white">{title}</p>
        {/* The score sits under the poster: its top corners belong to the library buttons. */}
        <p className="flex items-center gap-1.5 text-xs text-zinc-400">
          <RatingBadge value={media.vote_average} voteCount={media.vote_count} variant="inline" />
          <span>{[year, media.media_type === 'tv' ? 'TV' : 'Film'].filter(Boolean).join(' · ')}</span>
        </p>
        {note ? <p className="mt-0.5 truncate text-xs text-amber-300">{note}</p> : null}
      </div>
    </Link>
  )
}
