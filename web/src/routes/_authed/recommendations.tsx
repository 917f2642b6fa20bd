import { createFileRoute } from '@tanstack/react-router'
import { EmptyScreen } from '../../components/shell/EmptyScreen'

export const Route = createFileRoute('/_authed/recommendations')({
  component: () => (
    <EmptyScreen
      title="Recommendations"
      intro="Titles your friends think you'll love, and the ones you've sent."
      icon="gift"
      emptyTitle="Recommendations are coming soon"
      emptyText="Sending a title to a friend, and getting their picks, isn't in Reelmates yet. For now, see which friends watched a title on its page, and save what catches your eye to your watchlist."
      actions={[
        { to: '/trending-movies', label: 'See trending movies' },
        { to: '/watchlist', label: 'Open your watchlist' },
      ]}
    />
  ),
})
