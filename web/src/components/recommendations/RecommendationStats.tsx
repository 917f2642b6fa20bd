import type { RecommendationStats as Stats } from '@reelmates/contracts/recommendations'
import { Link } from '@tanstack/react-router'
import { ratingLabel } from '../../features/library/rating'
import { MediaPoster } from '../media/MediaPoster'
import { panel, sectionHeading } from '../social/socialStyles'

/** A member's recommendations on their profile: how often friends took them, and the pick rated best. */
export function RecommendationStats({ stats }: { stats: Stats }) {
  if (stats.sent === 0) return null
  const percent = Math.round((stats.hitRate ?? 0) * 100)
  return (
    <section aria-labelledby="recommendations-heading">
      <h2 id="recommendations-heading" className={`${sectionHeading} mb-4`}>
        Recommendations
      </h2>
      <div className={`${panel} flex flex-wrap items-center gap-x-8 gap-y-4`}>
        <p>
          <span className="block text-2xl font-bold tabular-nums text-white">{percent}%</span>
          <span className="text-sm text-zinc-400">
            hit rate · {stats.hits} of {stats.sent} taken
          </span>
        </p>
        {stats.bestPick ? (
          <Link
            to="/media/$mediaType/$id"
            params={{ mediaType: stats.bestPick.mediaType, id: String(stats.bestPick.tmdbId) }}
            className="flex items-center gap-3 rounded-xl p-1 hover:bg-white/5"
          >
            <span className="block w-12">
              <MediaPoster
                title={stats.bestPick.mediaTitle}
                posterPath={stats.bestPick.mediaPosterPath}
                seed={stats.bestPick.tmdbId}
              />
            </span>
            <span>
              <span className="block text-xs uppercase tracking-widest text-amber-400">Best pick</span>
              <span className="block font-semibold text-white">{stats.bestPick.mediaTitle}</span>
              <span className="block text-sm text-zinc-400">
                {stats.bestPick.to ? stats.bestPick.to.username : 'Its recipient'} gave it{' '}
                {ratingLabel(stats.bestPick.rating)}
              </span>
            </span>
          </Link>
        ) : null}
      </div>
    </section>
  )
}
