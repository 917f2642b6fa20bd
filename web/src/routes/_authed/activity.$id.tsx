import { createFileRoute } from '@tanstack/react-router'
import { ActivityScreen } from '../../components/feed/ActivityScreen'

/** Spec §2: an activity's own address shows the feed screen, focused on that activity. */
export const Route = createFileRoute('/_authed/activity/$id')({
  component: function Activity() {
    const { id } = Route.useParams()
    return <ActivityScreen activityId={id} />
  },
})
