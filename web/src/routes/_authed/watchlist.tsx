import { createFileRoute } from '@tanstack/react-router'
import { WatchlistScreen } from '../../components/library/WatchlistScreen'
import { watchlistSearch } from '../../features/library/librarySearch'
import { startLoadingWatchlist } from '../../features/library/routeLoaders'

export const Route = createFileRoute('/_authed/watchlist')({
  validateSearch: watchlistSearch,
  loader: ({ context: { queryClient } }) => startLoadingWatchlist(queryClient),
  component: function Watchlist() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return <WatchlistScreen search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  },
})
