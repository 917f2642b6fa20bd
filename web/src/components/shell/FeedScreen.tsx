import { EmptyScreen } from './EmptyScreen'

/** /feed and /activity/{id}: what friends and family watch, react to and recommend. */
export function FeedScreen({ activityId }: { activityId?: string }) {
  return (
    <EmptyScreen
      title="Feed"
      intro={
        activityId
          ? 'The activity you followed a link to appears here with its reactions and comments.'
          : 'What your friends and family are watching, rating and recommending.'
      }
      emptyTitle="Your feed is quiet"
      emptyText="When you and your friends add titles, log what you watched or recommend something, it shows up here. Add a few friends to get it going."
      action={{ to: '/friends', label: 'Find friends' }}
    />
  )
}
