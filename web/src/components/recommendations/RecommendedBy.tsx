import type { MediaRef } from '@reelmates/contracts/media'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { recommendationsQuery } from '../../features/recommendations/queries'

/** "Recommended by Ann and Bob" on a title's page, from the recommendations I received of it. */
export function RecommendedBy({ title }: { title: MediaRef }) {
  const received = useQuery(recommendationsQuery('received'))
  const senders = [
    ...new Set(
      (received.data ?? [])
        .filter((item) => item.tmdbId === title.tmdbId && item.mediaType === title.mediaType)
        .map((item) => item.from.username),
    ),
  ]
  if (senders.length === 0) return null
  return (
    <p className="mt-3 text-sm text-zinc-300">
      Recommended by{' '}
      {senders.map((name, index) => (
        <span key={name}>
          {index > 0 ? (index === senders.length - 1 ? ' and ' : ', ') : null}
          <Link
            to="/profile/$username"
            params={{ username: name }}
            className="font-semibold text-amber-300 hover:underline"
          >
            {name}
          </Link>
        </span>
      ))}
    </p>
  )
}
