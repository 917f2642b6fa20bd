import { createFileRoute } from '@tanstack/react-router'
import { WatchedScreen } from '../../components/library/WatchedScreen'
import { watchedSearch } from '../../features/library/librarySearch'
import { startLoadingWatchedLog } from '../../features/library/routeLoaders'

export const Route = createFileRoute('/_authed/watched')({
  validateSearch: watchedSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => startLoadingWatchedLog(queryClient, deps),
  component: function Watched() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return <WatchedScreen search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  },
})
