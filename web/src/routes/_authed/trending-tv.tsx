import { createFileRoute } from '@tanstack/react-router'
import { TrendingListScreen } from '../../components/media/TrendingListScreen'
import { catalogQueries, startLoading } from '../../features/catalog/queries'

export const Route = createFileRoute('/_authed/trending-tv')({
  loader: ({ context: { queryClient } }) => startLoading(queryClient, catalogQueries.trendingList('trendingTv')),
  component: () => <TrendingListScreen list="trendingTv" />,
})
