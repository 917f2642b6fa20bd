import { createFileRoute } from '@tanstack/react-router'
import { EmptyScreen } from '../../components/shell/EmptyScreen'

export const Route = createFileRoute('/_authed/friends')({
  component: () => (
    <EmptyScreen
      title="Friends"
      intro="The people whose taste you trust."
      icon="people"
      emptyTitle="Friends are coming soon"
      emptyText="You can't add friends in Reelmates yet. When you can, you'll invite them by email and see what they watch. Meanwhile, build your watchlist and log your watches — they'll be there to share."
      actions={[
        { to: '/search', label: 'Find something to watch' },
        { to: '/watchlist', label: 'Open your watchlist' },
      ]}
    />
  ),
})
