import { providerOfPage } from '@reelmates/contracts/catalog'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { ProviderScreen } from '../../components/media/ProviderScreen'
import { providerDefaults, providerPageLimit } from '../../features/catalog/cachePolicy'
import { catalogQueries, startLoading } from '../../features/catalog/queries'
import { providerScreenParamsSchema } from '../../features/catalog/searchParams'

export const Route = createFileRoute('/_authed/provider/$providerId')({
  validateSearch: providerScreenParamsSchema,
  loaderDeps: ({ search }) => ({ region: search.region ?? providerDefaults.region, genreId: search.genre }),
  loader: ({ context: { queryClient }, params, deps }) => {
    const provider = providerOfPage(params.providerId)
    if (!provider) throw notFound()
    startLoading(
      queryClient,
      catalogQueries.providerTrending({ providerId: provider.id, limit: providerPageLimit, ...deps }),
    )
    startLoading(queryClient, catalogQueries.genres())
    startLoading(queryClient, catalogQueries.providerGenres({ providerId: provider.id, region: deps.region }))
  },
  component: ProviderRoute,
})

function ProviderRoute() {
  const { providerId } = Route.useParams()
  const { region = providerDefaults.region, genre } = Route.useSearch()
  const navigate = Route.useNavigate()
  const provider = providerOfPage(providerId)
  if (!provider) return null
  return (
    <ProviderScreen
      key={provider.id}
      provider={provider}
      region={region}
      genreId={genre}
      onRegionChange={(next) => void navigate({ search: (previous) => ({ ...previous, region: next }), replace: true })}
      onGenreChange={(next) => void navigate({ search: (previous) => ({ ...previous, genre: next }), replace: true })}
    />
  )
}
