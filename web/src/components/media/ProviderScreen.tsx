import { providerListMaxLimit, type Provider } from '@reelmates/contracts/catalog'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import { providerPageLimit } from '../../features/catalog/cachePolicy'
import { catalogQueries } from '../../features/catalog/queries'
import { genreChoices, type GenreChoice } from '../../features/catalog/providerGenres'
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

/**
 * How long each visit's list was made with "Show more", by history entry: coming Back to the page
 * from a title shows as many titles again, the one just left among them. Not in the address: a new
 * address scrolls to the top (spec §2), and "Show more" leaves the page where it is.
 */
const shownByVisit = new Map<string, { filters: string; limit: number }>()
const keptVisits = 50

function keepShown(visit: string | undefined, filters: string, limit: number) {
  if (visit === undefined) return
  shownByVisit.delete(visit)
  shownByVisit.set(visit, { filters, limit })
  for (const oldest of shownByVisit.keys()) {
    if (shownByVisit.size <= keptVisits) break
    shownByVisit.delete(oldest)
  }
}

/** What is popular on one streaming service, in a region, optionally in one genre. */
export function ProviderScreen({ provider, region, genreId, onRegionChange, onGenreChange }: ProviderScreenProps) {
  // "Show more" asks for a longer list of the same filters; other filters start again at a page.
  const filters = `${region}:${genreId ?? ''}`
  const visit = useLocation({ select: (location) => location.state.__TSR_key ?? location.state.key })
  const [shown, setShown] = useState(() => {
    const kept = visit === undefined ? undefined : shownByVisit.get(visit)
    return {
      filters,
      limit: kept?.filters === filters ? kept.limit : providerPageLimit,
      focusFrom: null as number | null,
    }
  })
  const current = shown.filters === filters ? shown : { filters, limit: providerPageLimit, focusFrom: null }
  const list = useQuery({
    ...catalogQueries.providerTrending({ providerId: provider.id, limit: current.limit, region, genreId }),
    placeholderData: current.limit > providerPageLimit ? keepPreviousData : undefined,
  })
  const results = list.data?.results ?? []
  // More is offered while the list holds only what matches and is full: a longer one would otherwise
  // be widened with titles that do not (spec §4's fallback).
  const more =
    list.data && results.length >= current.limit && current.limit < providerListMaxLimit
      ? Math.min(current.limit + providerPageLimit, list.data.total_results, providerListMaxLimit)
      : current.limit
  const grid = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (current.focusFrom === null || list.isPlaceholderData || results.length <= current.focusFrom) return
    grid.current?.querySelector<HTMLElement>(`li:nth-child(${current.focusFrom + 1}) a`)?.focus()
    setShown({ ...current, focusFrom: null })
  }, [current, list.isPlaceholderData, results.length])
  const genres = useQuery(catalogQueries.genres())
  const withTitles = useQuery(catalogQueries.providerGenres({ providerId: provider.id, region }))
  useDocumentTitle(provider.name)
  const catalog = useQuery(catalogQueries.status())
  const choices = genres.data && withTitles.data ? genreChoices(withTitles.data, genres.data) : []
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
      {choices.length > 0 ? <GenreChips genres={choices} selected={genreId} onSelect={onGenreChange} /> : null}
      <ListNotice notice={list.data?.notice} />
      {list.isPending ? (
        <Loading what="This list">
          <PosterGridSkeleton />
        </Loading>
      ) : results.length > 0 ? (
        <div ref={grid}>
          <MediaGrid results={results} label={`Popular on ${provider.name}`} />
          {more > current.limit || list.isPlaceholderData ? (
            <div className="mt-8 flex justify-center">
              <button
                type="button"
                disabled={list.isPlaceholderData}
                onClick={() => {
                  setShown({ filters, limit: more, focusFrom: results.length })
                  keepShown(visit, filters, more)
                }}
                className="h-11 rounded-full bg-white/10 px-6 text-sm font-semibold text-zinc-100 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-amber-400 disabled:opacity-60"
              >
                {list.isPlaceholderData ? 'Loading…' : 'Show more'}
              </button>
            </div>
          ) : null}
        </div>
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
  genres: readonly GenreChoice[]
  selected: number | undefined
  onSelect: (genreId: number | undefined) => void
}) {
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
      {genres.map((genre) => (
        <button
          key={genre.id}
          type="button"
          aria-pressed={selected === genre.id}
          className={chip(selected === genre.id)}
          onClick={() => onSelect(selected === genre.id ? undefined : genre.id)}
        >
          {genre.name}
          {genre.only ? <span className="font-normal opacity-75"> {genre.only}</span> : null}
        </button>
      ))}
    </div>
  )
}
