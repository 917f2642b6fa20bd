import { createFileRoute } from '@tanstack/react-router'
import { EmptyScreen } from '../../components/shell/EmptyScreen'

export const Route = createFileRoute('/_authed/recommendations')({
  component: () => (
    <EmptyScreen
      title="Recommendations"
      intro="Titles your friends think you'll love, and the ones you've sent."
      emptyTitle="Nothing recommended yet"
      emptyText="When a friend recommends a movie or show to you, it lands here. Open any title and use Recommend to send one yourself."
      action={{ to: '/search', label: 'Find something to recommend' }}
    />
  ),
})
