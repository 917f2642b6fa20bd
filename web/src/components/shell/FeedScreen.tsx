import { EmptyScreen } from './EmptyScreen'

/**
 * /feed and /activity/{id}. Friends and their activity are not built yet, so the screen says so and
 * points at what works today instead of promising entries that cannot arrive.
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
          ? "Links to a friend's activity will open here once friends and the feed arrive in Reelmates. Until then, your own lists are ready to use."
          : "Friends and the activity feed aren't in Reelmates yet. Until they are, keep your own lists: the titles you save and the watches you log stay with your account, ready for when friends arrive."
      }
      actions={[
        { to: '/watchlist', label: 'Open your watchlist' },
        { to: '/watched', label: 'Open your watched list' },
      ]}
    />
  )
}
