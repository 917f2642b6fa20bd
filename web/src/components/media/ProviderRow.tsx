import type { Provider } from '@reelmates/contracts/catalog'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { providerDefaults } from '../../features/catalog/cachePolicy'
import { catalogQueries } from '../../features/catalog/queries'
import { useListToShow } from '../../features/offline/keptEmpty'
import { MediaRow } from './MediaRow'
import { ProviderLogo } from './ProviderLogo'
import { seeAllClassName } from './layout'

/** Home's row for one streaming service: its five most popular titles in the US, and a way to all of them. */
export function ProviderRow({ provider }: { provider: Provider }) {
  const query = useQuery(catalogQueries.providerTrending({ providerId: provider.id, ...providerDefaults }))
  const results = useListToShow(query.data?.results, query)
  const providerLink = { to: '/provider/$providerId', params: { providerId: String(provider.id) } } as const
  return (
    <MediaRow
      label={`Popular on ${provider.name}`}
      heading={
        <>
          <ProviderLogo provider={provider} decorative className="h-8 w-8 sm:h-9 sm:w-9" />
          <span className="flex flex-col leading-tight">
            <span className="text-[11px] font-semibold uppercase tracking-widest text-zinc-400">Popular on</span>
            {provider.name}
          </span>
        </>
      }
      seeAll={
        <Link {...providerLink} className={seeAllClassName}>
          See all<span className="sr-only"> on {provider.name}</span>
        </Link>
      }
      results={results}
      isLoading={query.isPending || (!query.isError && !results)}
      caption={query.data?.notice}
      emptyMessage={`Nothing from ${provider.name} to show right now.`}
      trailing={
        <Link
          {...providerLink}
          className="flex aspect-[2/3] w-full flex-col items-center justify-center gap-3 rounded-xl bg-panel p-3 text-center text-sm font-medium text-zinc-200 ring-1 ring-white/10 transition hover:bg-panel-2"
        >
          <ProviderLogo provider={provider} decorative className="h-12 w-12" />
          More on {provider.name}
        </Link>
      }
    />
  )
}
