import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { catalogQueries } from '../../features/catalog/queries'
import { CatalogProblem, problemMessage } from './CatalogProblem'
import { MediaGrid } from './MediaGrid'
import { PosterGridSkeleton } from './MediaSkeletons'
import { SearchBox } from './SearchBox'
import { lastPageOf, SearchPager } from './SearchPager'
import { EmptyList } from './TrendingListScreen'
import { TrendingRow } from './TrendingRow'
import { useDocumentTitle } from '../../lib/documentTitle'
import { Loading } from '../shell/NotSavedOffline'
import { appLocale } from '../../lib/appLocale'
import { useShownFailure } from '../../lib/shownFailure'

interface SearchScreenProps {
  query: string
  page: number
  onSearch: (query: string) => void
  onPageChange: (page: number) => void
}

/** Search: the field with its suggestions, then every match, 20 a page. */
export function SearchScreen({ query, page, onSearch, onPageChange }: SearchScreenProps) {
  const hasQuery = query.trim().length > 0
  useDocumentTitle(hasQuery ? `${query.trim()} · Search` : 'Search')
  const results = useQuery({ ...catalogQueries.search(query, page), enabled: hasQuery })
  const failure = useShownFailure(results)
  const catalog = useQuery(catalogQueries.status())
  const heading = useRef<HTMLHeadingElement>(null)
  // A page turned with the pager: the keyboard goes on from the new results' heading, not from the
  // pager at the foot of the page (the window itself goes back to the top).
  const pagedTo = useRef<number | null>(null)
  const shownPage = results.isPlaceholderData ? undefined : results.data?.page
  useEffect(() => {
    if (pagedTo.current === null || shownPage !== pagedTo.current) return
    pagedTo.current = null
    heading.current?.focus({ preventScroll: true })
  }, [shownPage])
  const turnTo = (next: number) => {
    pagedTo.current = next
    onPageChange(next)
  }
  // A search sent from the field: the field is made anew for the new query (so Back shows the old
  // one), which took the keyboard's place with it, to the page itself, for as long as the answer took.
  // The page's heading holds it meanwhile (the field would open its suggestions again); once the
  // answer shows, the keyboard goes on from the results' heading, or stays on the page's when there
  // are no results to head.
  const title = useRef<HTMLHeadingElement>(null)
  const searchedFor = useRef<string | null>(null)
  const answered = hasQuery && !results.isPending && !results.isPlaceholderData
  useEffect(() => {
    if (searchedFor.current !== query.trim() || !answered) return
    searchedFor.current = null
    ;(heading.current ?? title.current)?.focus({ preventScroll: true })
  }, [query, answered])
  const search = (text: string) => {
    if (text.trim() !== query.trim()) {
      searchedFor.current = text.trim()
      title.current?.focus({ preventScroll: true })
    }
    onSearch(text)
  }

  return (
    <div className="pb-16">
      <div className="pb-6 pt-1 sm:pt-2">
        <h1
          ref={title}
          tabIndex={-1}
          className="mb-4 rounded text-2xl font-bold tracking-tight text-white outline-none focus-visible:ring-2 focus-visible:ring-amber-400 sm:text-3xl"
        >
          Search
        </h1>
        <div className="max-w-2xl">
          {/* A new query remounts the field with it, e.g. after Back. */}
          <SearchBox key={query} initialQuery={query} onSearch={search} autoFocus={!hasQuery} size="large" />
        </div>
      </div>
      {!hasQuery ? (
        <div className="space-y-10">
          <p className="text-sm text-zinc-400">
            Find any film or show by its title
            {/* Only the built-in catalog's own index forgives a typo; live search is TMDB's. */}
            {catalog.data?.source === 'offline' ? ', even with a typo' : ''}.
          </p>
          <TrendingRow list="trendingMovies" priority />
        </div>
      ) : failure && !results.data ? (
        <CatalogProblem message={problemMessage(failure)} failure={failure} onRetry={() => void results.refetch()} />
      ) : !results.data ? (
        <Loading what="This search">
          <PosterGridSkeleton />
        </Loading>
      ) : results.isPlaceholderData && results.data.results.length === 0 ? (
        // The last search found nothing; what it said ("No titles match …") is not this one's answer.
        <Loading what="This search">
          <PosterGridSkeleton />
        </Loading>
      ) : results.data.results.length === 0 && results.data.total_results > 0 ? (
        // An address past the last page (a shortened list, a hand-edited page number).
        <EmptyList message={beyondLastPage(query.trim(), results.data.page, lastPageOf(results.data.total_pages))}>
          <button
            type="button"
            onClick={() => turnTo(lastPageOf(results.data.total_pages))}
            className="mt-4 rounded-full bg-panel px-4 py-2 text-sm font-medium text-zinc-100 ring-1 ring-white/10 transition hover:bg-panel-2"
          >
            Go to page {lastPageOf(results.data.total_pages)}
          </button>
        </EmptyList>
      ) : results.data.results.length === 0 ? (
        <EmptyList message={`No titles match “${query.trim()}”. Try fewer words or check the spelling.`} />
      ) : (
        <section
          aria-labelledby="search-results-heading"
          aria-busy={results.isPlaceholderData}
          className={results.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
        >
          <h2
            ref={heading}
            tabIndex={-1}
            id="search-results-heading"
            className="mb-4 rounded text-sm text-zinc-400 outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
          >
            {/* The last search's results, dimmed, while the new one comes: not this query's count. */}
            {results.isPlaceholderData && searchedFor.current !== null ? (
              <>Searching for “{query.trim()}”…</>
            ) : (
              <>
                {results.data.total_results.toLocaleString(appLocale)}{' '}
                {results.data.total_results === 1 ? 'result' : 'results'} for “{query.trim()}”
                {lastPageOf(results.data.total_pages) > 1 ? (
                  <span className="sr-only">
                    (page {results.data.page} of {lastPageOf(results.data.total_pages)})
                  </span>
                ) : null}
              </>
            )}
          </h2>
          <MediaGrid
            results={results.data.results}
            label={results.isPlaceholderData ? 'Results of the last search' : `Results for ${query.trim()}`}
          />
          <SearchPager page={results.data.page} totalPages={results.data.total_pages} onPageChange={turnTo} />
        </section>
      )}
    </div>
  )
}

const beyondLastPage = (query: string, page: number, lastPage: number) =>
  `There is no page ${page} for “${query}”: its results end on page ${lastPage}.`
