import { createFileRoute } from '@tanstack/react-router'
import { WatchedScreen } from '../../components/library/WatchedScreen'
import { watchedSearch } from '../../features/library/librarySearch'

export const Route = createFileRoute('/_authed/watched')({
  validateSearch: watchedSearch,
  component: function Watched() {
    const search = Route.useSearch()
    const navigate = Route.useNavigate()
    return <WatchedScreen search={search} onSearch={(next) => void navigate({ search: next, replace: true })} />
  },
})
