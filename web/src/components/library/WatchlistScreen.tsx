import { streamingProviders } from '@reelmates/contracts/catalog'
import { useState } from 'react'
import type { WatchlistSearch } from '../../features/library/librarySearch'
import { watchlistArrangementOf, withSort } from '../../features/library/librarySearch'
import { useWatchlist } from '../../features/library/useLibrary'
import {
  arrangeWatchlist,
  canReorder,
  watchlistCount,
  watchlistSortLabels,
  type WatchlistSort,
} from '../../features/library/watchlistArrangement'
import { EmptyLibrary, NothingMatches } from './EmptyLibrary'
import { DirectionToggle, LibraryFilters, LibraryViewActions, MediaTypeFilter, SelectFilter } from './LibraryToolbar'
import { ListSkeleton, LoadFailed, ScreenHeader } from './ScreenHeader'
import { reorderInstructions } from './SortableWatchlist'
import { WatchlistGrid } from './WatchlistGrid'
import { WatchlistList } from './WatchlistList'
import { WatchlistPickDialog } from './WatchlistPickDialog'
import { WatchlistQuickAdd } from './WatchlistQuickAdd'
import { Icon } from './icons'
import { useDocumentTitle } from '../../lib/documentTitle'
import { Loading } from '../shell/NotSavedOffline'
import { useShownFailure } from '../../lib/shownFailure'

interface WatchlistScreenProps {
  search: WatchlistSearch
  onSearch: (search: WatchlistSearch) => void
}

const sortOptions = Object.entries(watchlistSortLabels) as [WatchlistSort, string][]
// The catalog's own rating: TMDB's vote average, or IMDb's figure in the offline catalog. The
// words fit either, so they need not wait for the catalog status.
const ratingOptions = [
  ['any', 'Any rating'],
  ['6', 'Rated 6+'],
  ['7', 'Rated 7+'],
  ['8', 'Rated 8+'],
] as const
const providerOptions = [
  ['any', 'Any service'] as const,
  ...streamingProviders.map((provider) => [String(provider.id), provider.name] as const),
]

/** /watchlist: what I want to watch, in the order I want to watch it. */
export function WatchlistScreen({ search, onSearch }: WatchlistScreenProps) {
  useDocumentTitle('Watchlist')
  const watchlist = useWatchlist()
  const { items, refetch } = watchlist
  const failure = useShownFailure(watchlist)
  const arrangement = watchlistArrangementOf(search)
  const shown = items ? arrangeWatchlist(items, arrangement) : []
  const reorderable = canReorder(arrangement)
  const filtered = Boolean(search.type ?? search.minRating ?? search.provider)
  const count = items === undefined ? '' : watchlistCount(items.length, shown.length, filtered)
  const [picking, setPicking] = useState(false)

  return (
    <section aria-labelledby="watchlist-title" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-6 sm:px-6 lg:px-8">
      <ScreenHeader id="watchlist-title" eyebrow="Up next" title="Watchlist" count={count}>
        {items && items.length > 0 ? (
          <LibraryViewActions list="watchlist" view={search.view} onView={(view) => onSearch({ ...search, view })} />
        ) : null}
      </ScreenHeader>
      <div className="mb-5 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        {items && items.length > 0 ? (
          <LibraryFilters>
            <SelectFilter
              label="Sort"
              value={search.sort}
              options={sortOptions}
              onChange={(sort) => onSearch(withSort(search, sort))}
            />
            {search.sort !== 'order' ? (
              <DirectionToggle direction={arrangement.direction} onChange={(dir) => onSearch({ ...search, dir })} />
            ) : null}
            <MediaTypeFilter value={search.type} onChange={(type) => onSearch({ ...search, type })} />
            <SelectFilter
              label="Rating"
              value={search.minRating ? String(search.minRating) : 'any'}
              options={ratingOptions}
              onChange={(value) => onSearch({ ...search, minRating: value === 'any' ? undefined : Number(value) })}
            />
            {/* What the catalog said streamed each title when it was added (US flat-rate offers). */}
            <SelectFilter
              label="Streaming on"
              value={search.provider ? String(search.provider) : 'any'}
              options={providerOptions}
              onChange={(value) => onSearch({ ...search, provider: value === 'any' ? undefined : Number(value) })}
            />
          </LibraryFilters>
        ) : null}
        {/* After the filters, as it is drawn on a wide screen (to their right), so Tab reads the row
            as it is seen; on a phone it sits under them, just above the list it adds to. */}
        <div className="lg:w-80">
          <WatchlistQuickAdd />
        </div>
      </div>
      {failure && !items ? (
        <LoadFailed failure={failure} onRetry={() => void refetch()} />
      ) : !items ? (
        <Loading what="Your watchlist">
          <ListSkeleton />
        </Loading>
      ) : items.length === 0 ? (
        <EmptyLibrary icon="bookmark" title="Your watchlist is empty">
          Save films and shows you want to see, then drag them into the order you'll watch them.
        </EmptyLibrary>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 print:hidden">
            <p id="watchlist-reorder-hint" className="text-xs text-zinc-400">
              {reorderable ? (
                <>
                  Drag <span aria-hidden="true">⠿</span> to reorder.{' '}
                  <span className="sr-only">{reorderInstructions}</span>
                </>
              ) : (
                'Choose “My order” with no filters to reorder.'
              )}
            </p>
            {shown.length > 1 ? (
              <button
                type="button"
                onClick={() => setPicking(true)}
                className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-xs font-semibold text-amber-300 ring-1 ring-amber-400/30 hover:bg-amber-400/10 focus-visible:outline-2 focus-visible:outline-amber-400"
              >
                <Icon name="shuffle" className="h-4 w-4" />
                Pick one for me
              </button>
            ) : null}
          </div>
          {picking ? <WatchlistPickDialog items={shown} onClose={() => setPicking(false)} /> : null}
          {shown.length === 0 ? (
            <NothingMatches
              onClear={() => onSearch({ ...search, type: undefined, minRating: undefined, provider: undefined })}
            />
          ) : search.view === 'grid' ? (
            <WatchlistGrid items={shown} reorderable={reorderable} />
          ) : (
            <WatchlistList items={shown} reorderable={reorderable} />
          )}
          {filtered && shown.length > 0 ? (
            <p className="mt-4 text-xs text-zinc-400">
              Showing {shown.length} of {items.length}.
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
