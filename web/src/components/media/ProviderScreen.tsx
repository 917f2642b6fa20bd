import type { Genre, Provider } from '@reelmates/contracts/catalog'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { providerPageLimit } from '../../features/catalog/cachePolicy'
import { catalogQueries } from '../../features/catalog/queries'
import { providerRegions, regionName } from '../../features/catalog/providers'
import { ListNotice } from './ListNotice'
import { MediaGrid } from './MediaGrid'
import { PosterGridSkeleton } from './MediaSkeletons'
import { PageHeading } from './PageHeading'
import { ProviderLogo } from './ProviderLogo'
import { EmptyList } from './TrendingListScreen'
import { useDocumentTitle } from '../../lib/documentTitle'
import { Loading } from '../shell/NotSavedOffline'

interface ProviderScreenProps {
  provider: Provider
  region: string
  genreId: number | undefined
  onRegionChange: (region: string) => void
  onGenreChange: (genreId: number | undefined) => void
}

/** What is popular on one streaming service, in a region, optionally in one genre. */
export function ProviderScreen({ provider, region, genreId, onRegionChange, onGenreChange }: ProviderScreenProps) {
  const list = useQuery(
    catalogQueries.providerTrending({ providerId: provider.id, limit: providerPageLimit, region, genreId }),
  )
  const genres = useQuery(catalogQueries.genres())
  useDocumentTitle(provider.name)
  const catalog = useQuery(catalogQueries.status())
  // A provider's list holds films and series: offer the genres of both (ids such as Drama are shared).
  const genreChoices = genres.data
    ? [...new Map([...genres.data.movie, ...genres.data.tv].map((genre) => [genre.id, genre])).values()]
    : []
  const regionId = useId()
  const regions = providerRegions.some((code) => code === region) ? providerRegions : [region, ...providerRegions]

  return (
    <div className="pb-16">
      <PageHeading
        leading={<ProviderLogo provider={provider} decorative className="h-14 w-14 sm:h-16 sm:w-16" />}
        title={provider.name}
        subtitle={
          // The offline catalog knows what each service made, not what is popular on it today. Until
          // the catalog says which it is (offline, an answer this device never kept), the line stays
          // blank rather than guess; a blank line, so the heading does not move when it comes.
          catalog.data === undefined
            ? '\u00a0'
            : catalog.data.source === 'offline'
              ? `${provider.name} originals in the offline catalog`
              : `Popular in ${regionName(region)} right now`
        }
        actions={
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={regionId} className="text-zinc-400">
              Region
            </label>
            <select
              id={regionId}
              value={region}
              onChange={(event) => onRegionChange(event.target.value)}
              className="rounded-lg border border-white/10 bg-panel px-3 py-2 text-zinc-100"
            >
              {regions.map((code) => (
                <option key={code} value={code}>
                  {regionName(code)}
                </option>
              ))}
            </select>
          </div>
        }
      />
      {genreChoices.length > 0 ? (
        <GenreChips genres={genreChoices} selected={genreId} onSelect={onGenreChange} />
      ) : null}
      <ListNotice notice={list.data?.notice} />
      {list.isPending ? (
        <Loading what="This list">
          <PosterGridSkeleton />
        </Loading>
      ) : list.data && list.data.results.length > 0 ? (
        <MediaGrid results={list.data.results} label={`Popular on ${provider.name}`} />
      ) : (
        <EmptyList
          message={
            genreId === undefined
              ? `Nothing from ${provider.name} to show in ${regionName(region)} right now.`
              : `Nothing from ${provider.name} in this genre in ${regionName(region)} right now.`
          }
        />
      )}
    </div>
  )
}

function GenreChips({
  genres,
  selected,
  onSelect,
}: {
  genres: readonly Genre[]
  selected: number | undefined
  onSelect: (genreId: number | undefined) => void
}) {
  const sorted = [...genres].sort((a, b) => a.name.localeCompare(b.name))
  const chip = (active: boolean) =>
    `shrink-0 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition ${
      active ? 'bg-gold text-ink ring-gold' : 'bg-panel text-zinc-300 ring-white/10 hover:bg-panel-2'
    }`
  return (
    <div
      role="group"
      aria-label="Genre"
      className="-mx-4 mb-5 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:-mx-8 md:px-8"
    >
      <button
        type="button"
        aria-pressed={selected === undefined}
        className={chip(selected === undefined)}
        onClick={() => onSelect(undefined)}
      >
        All genres
      </button>
      {sorted.map((genre) => (
        <button
          key={genre.id}
          type="button"
          aria-pressed={selected === genre.id}
          className={chip(selected === genre.id)}
          onClick={() => onSelect(selected === genre.id ? undefined : genre.id)}
        >
          {genre.name}
        </button>
      ))}
    </div>
  )
}
