import { createFileRoute } from '@tanstack/react-router'
import { SearchScreen } from '../../components/media/SearchScreen'
import { catalogQueries, startLoading } from '../../features/catalog/queries'
import { searchScreenParamsSchema } from '../../features/catalog/searchParams'

export const Route = createFileRoute('/_authed/search')({
  validateSearch: searchScreenParamsSchema,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', page: search.page ?? 1 }),
  loader: ({ context: { queryClient }, deps }) => {
    if (deps.q) startLoading(queryClient, catalogQueries.search(deps.q, deps.page))
  },
  component: SearchRoute,
})

function SearchRoute() {
  const { q = '', page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SearchScreen
      query={q}
      page={page}
      onSearch={(query) => void navigate({ search: { q: query } })}
      onPageChange={(next) => {
        void navigate({ search: { q, page: next } })
        window.scrollTo({ top: 0 })
      }}
    />
  )
}
