import { useQuery } from '@tanstack/react-query'
import { unreadQuery } from '../../features/feed/feedQueries'

/** The Feed tab's count of friends' activities since I last opened the feed. */
export function FeedBadge({ className = '' }: { className?: string }) {
  const { data } = useQuery(unreadQuery())
  const count = data?.count ?? 0
  if (count === 0) return null
  return (
    <span
      data-testid="feed-badge"
      aria-label={`${count} new`}
      // On one line: placed absolutely on the phone's Feed tab, "99+" otherwise wrapped into two and
      // covered the tab's label.
      className={`inline-grid min-w-5 place-items-center whitespace-nowrap rounded-full bg-reel-fill px-1.5 text-[11px] font-bold leading-5 text-white ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  )
}
