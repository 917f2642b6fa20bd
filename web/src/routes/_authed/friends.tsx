import { createFileRoute } from '@tanstack/react-router'
import { EmptyScreen } from '../../components/shell/EmptyScreen'

export const Route = createFileRoute('/_authed/friends')({
  component: () => (
    <EmptyScreen
      title="Friends"
      intro="The people whose taste you trust."
      emptyTitle="No friends yet"
      emptyText="Invite friends by email and they'll appear here once they accept. You'll see what they watch in your feed."
      action={{ to: '/feed', label: 'Open your feed' }}
    />
  ),
})
