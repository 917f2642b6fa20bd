import { EmptyScreen } from './EmptyScreen'

/**
 * /feed and /activity/{id}. The feed is not built yet, so the screen says so and points at what works
 * today (friends, and your own lists) instead of promising entries that cannot arrive.
 */
export function FeedScreen({ activityId }: { activityId?: string }) {
  return (
    <EmptyScreen
      title="Feed"
      intro="What your friends and family are watching, rating and recommending."
      icon="feed"
      emptyTitle={activityId ? "This activity can't be shown yet" : 'The feed is on its way'}
      emptyText={
        activityId
          ? "Links to a friend's activity will open here once the feed arrives in Reelmates. Until then, your friends' profiles show what they've watched."
          : "The activity feed isn't in Reelmates yet. Friends are: add them, and see what they've watched and how they rated it on their profiles and on every title page."
      }
      actions={[
        { to: '/friends', label: 'See your friends' },
        { to: '/watchlist', label: 'Open your watchlist' },
      ]}
    />
  )
}
