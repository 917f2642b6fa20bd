import { streamingProviders } from '@reelmates/contracts/catalog'
import { useCallback, useMemo, useState } from 'react'
import type { WatchedSearch } from '../../features/library/librarySearch'
import { watchedFiltersOf, withSort } from '../../features/library/librarySearch'
import { useWatchedLog } from '../../features/library/useLibrary'
import { EmptyLibrary, NothingMatches } from './EmptyLibrary'
import { DirectionToggle, LibraryFilters, LibraryViewActions, MediaTypeFilter, SelectFilter } from './LibraryToolbar'
import { ListSkeleton, LoadFailed, ScreenHeader } from './ScreenHeader'
import { WatchedList } from './WatchedList'
import { useDocumentTitle } from '../../lib/documentTitle'
import { Loading } from '../shell/NotSavedOffline'
import { useShownFailure } from '../../lib/shownFailure'

interface WatchedScreenProps {
  search: WatchedSearch
  onSearch: (search: WatchedSearch) => void
}

const sortOptions = [
  ['watchedAt', 'Date watched'],
  ['rating', 'My rating'],
  ['title', 'Title'],
  ['releaseDate', 'Release date'],
] as const
const ratingOptions = [
  ['any', 'Any rating'],
  ['none', 'Not rated'],
  // In words: a screen reader reads "★★★+" as "black star black star black star plus".
  ['6', '3 stars or more'],
  ['7', '3½ stars or more'],
  ['8', '4 stars or more'],
  ['9', '4½ stars or more'],
  ['10', '5 stars'],
] as const
const serviceOptions = [
  ['any', 'Any service'] as const,
  ...streamingProviders.map((provider) => [provider.name, provider.name] as const),
]

/** /watched: the diary of what I watched, rated and reviewed. */
export function WatchedScreen({ search, onSearch }: WatchedScreenProps) {
  useDocumentTitle('Watched')
  const filters = useMemo(() => watchedFiltersOf(search), [search])
  const log = useWatchedLog(filters)
  const { items, total, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = log
  const failure = useShownFailure(log)
  const filtered = Boolean(search.type ?? search.minRating ?? search.unrated ?? search.service)
  // "Show more" goes away with the last page: focus moves on to what it brought rather than to the page's top.
  const [focusAt, setFocusAt] = useState<number | null>(null)
  const focused = useCallback(() => setFocusAt(null), [])
  const showMore = (shown: number) => {
    setFocusAt(shown)
    void fetchNextPage().then((result) => {
      if (result.isError) setFocusAt(null)
    })
  }
  const count =
    total === undefined
      ? ''
      : `${total} ${total === 1 ? 'entry' : 'entries'}${filtered ? (total === 1 ? ' matches' : ' match') : ''}`

  return (
    <section aria-labelledby="watched-title" className="mx-auto w-full max-w-7xl px-4 pb-16 pt-6 sm:px-6 lg:px-8">
      <ScreenHeader id="watched-title" eyebrow="Diary" title="Watched" count={count}>
        {items && (items.length > 0 || filtered) ? (
          <LibraryViewActions list="watched" view={search.view} onView={(view) => onSearch({ ...search, view })} />
        ) : null}
      </ScreenHeader>
      {failure && !items ? (
        <LoadFailed failure={failure} onRetry={() => void refetch()} />
      ) : !items ? (
        <Loading what="Your watched log">
          <ListSkeleton />
        </Loading>
      ) : items.length === 0 && !filtered ? (
        <EmptyLibrary icon="eye" title="Nothing logged yet">
          Log what you watch with a rating and a few words; rewatches count too. No other member sees a private entry.
        </EmptyLibrary>
      ) : (
        <>
          <LibraryFilters>
            <SelectFilter
              label="Sort"
              value={search.sort}
              options={sortOptions}
              onChange={(sort) => onSearch(withSort(search, sort))}
            />
            <DirectionToggle direction={filters.direction} onChange={(dir) => onSearch({ ...search, dir })} />
            <MediaTypeFilter value={search.type} onChange={(type) => onSearch({ ...search, type })} />
            <SelectFilter
              label="Rating"
              value={search.unrated ? 'none' : search.minRating ? String(search.minRating) : 'any'}
              options={ratingOptions}
              onChange={(value) =>
                onSearch({
                  ...search,
                  minRating: value === 'any' || value === 'none' ? undefined : Number(value),
                  unrated: value === 'none' ? true : undefined,
                })
              }
            />
            <SelectFilter
              label="Service"
              value={search.service ?? 'any'}
              options={serviceOptions}
              onChange={(value) => onSearch({ ...search, service: value === 'any' ? undefined : value })}
            />
          </LibraryFilters>
          <div className="mt-5">
            {items.length > 0 ? (
              <WatchedList
                items={items}
                layout={search.view}
                byMonth={filters.sort === 'watchedAt'}
                focusAt={focusAt}
                onFocused={focused}
              />
            ) : (
              <NothingMatches
                onClear={() =>
                  onSearch({ ...search, type: undefined, minRating: undefined, unrated: undefined, service: undefined })
                }
              />
            )}
          </div>
          {hasNextPage ? (
            <div className="mt-8 flex justify-center">
              <button
                type="button"
                disabled={isFetchingNextPage}
                onClick={() => showMore(items.length)}
                className="h-11 rounded-full bg-white/10 px-6 text-sm font-semibold text-zinc-100 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-amber-400 disabled:opacity-60"
              >
                {isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}
