import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { TrendingListName } from '../../features/catalog/trendingLists'
import { catalogQueries } from '../../features/catalog/queries'
import { useListToShow } from '../../features/offline/keptEmpty'
import { problemMessage } from './CatalogProblem'
import { MediaRow } from './MediaRow'
import { seeAllClassName } from './layout'

const rows = {
  trendingMovies: { heading: 'Trending movies', to: '/trending-movies' },
  trendingTv: { heading: 'Trending TV', to: '/trending-tv' },
  upcomingMovies: { heading: 'Coming soon', to: '/upcoming-movies' },
} as const

/** One of home's catalog rows: trending movies, trending TV or upcoming movies. */
export function TrendingRow({ list, priority = false }: { list: TrendingListName; priority?: boolean }) {
  const query = useQuery(catalogQueries.trendingList(list))
  const row = rows[list]
  const results = useListToShow(query.data?.results, query)
  return (
    <MediaRow
      heading={row.heading}
      label={row.heading}
      seeAll={
        // An empty list (the offline catalog knows no upcoming releases) has nothing more to show:
        // "See all" led to a page saying the same sentence.
        query.data?.results.length === 0 ? undefined : (
          <Link to={row.to} className={seeAllClassName}>
            See all<span className="sr-only"> {row.heading.toLowerCase()}</span>
          </Link>
        )
      }
      results={results}
      isLoading={query.isPending || (!query.isError && !results)}
      caption={query.data?.notice}
      emptyMessage={query.isError ? problemMessage(query.error) : query.data?.notice}
      priority={priority}
    />
  )
}
