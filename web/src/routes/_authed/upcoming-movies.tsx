import { createFileRoute } from '@tanstack/react-router'
import { TrendingListScreen } from '../../components/media/TrendingListScreen'
import { catalogQueries, startLoading } from '../../features/catalog/queries'

export const Route = createFileRoute('/_authed/upcoming-movies')({
  loader: ({ context: { queryClient } }) => startLoading(queryClient, catalogQueries.trendingList('upcomingMovies')),
  component: () => <TrendingListScreen list="upcomingMovies" />,
})
