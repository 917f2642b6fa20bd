import { createFileRoute } from '@tanstack/react-router'
import { FriendsScreen } from '../../components/social/FriendsScreen'
import { friendsListQuery } from '../../features/friends/queries'

export const Route = createFileRoute('/_authed/friends')({
  // Started, not awaited: the screen shows its skeleton and its own error with a way to retry.
  loader: ({ context: { queryClient } }) => void queryClient.query(friendsListQuery()).catch(() => undefined),
  component: function Friends() {
    const { user } = Route.useRouteContext()
    return <FriendsScreen myId={user.id} />
  },
})
