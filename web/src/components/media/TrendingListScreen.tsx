import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { catalogQueries } from '../../features/catalog/queries'
import type { TrendingListName } from '../../features/catalog/trendingLists'
import { CatalogProblem, problemMessage } from './CatalogProblem'
import { ListNotice } from './ListNotice'
import { MediaGrid } from './MediaGrid'
import { PosterGridSkeleton } from './MediaSkeletons'
import { PageHeading } from './PageHeading'
import { useDocumentTitle } from '../../lib/documentTitle'
import { Loading } from '../shell/NotSavedOffline'
import { useShownFailure } from '../../lib/shownFailure'

const screens = {
  trendingMovies: { title: 'Trending movies', subtitle: 'The films everyone is watching this week.' },
  trendingTv: { title: 'Trending TV', subtitle: 'The shows everyone is talking about this week.' },
  upcomingMovies: { title: 'Coming soon', subtitle: 'Films on their way to cinemas and streaming.' },
} as const

/** The full trending movies, trending TV or upcoming movies list as a poster grid. */
export function TrendingListScreen({ list }: { list: TrendingListName }) {
  const query = useQuery(catalogQueries.trendingList(list))
  const failure = useShownFailure(query)
  const screen = screens[list]
  useDocumentTitle(screen.title)
  return (
    <div className="pb-16">
      {/* An offline stand-in list says what it really is (its notice) instead of the usual promise. */}
      <PageHeading title={screen.title} subtitle={query.data?.notice ? undefined : screen.subtitle} />
      <ListNotice notice={query.data?.results.length ? query.data.notice : undefined} />
      {failure && !query.data ? (
        <CatalogProblem message={problemMessage(failure)} failure={failure} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading what="This list">
          <PosterGridSkeleton />
        </Loading>
      ) : query.data.results.length === 0 ? (
        <EmptyList message={query.data.notice ?? 'Nothing here right now. Check back soon.'} />
      ) : (
        <MediaGrid results={query.data.results} label={screen.title} />
      )}
    </div>
  )
}

export function EmptyList({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-white/10 px-6 py-14 text-center">
      <svg viewBox="0 0 24 24" className="h-10 w-10 fill-none stroke-zinc-500" strokeWidth="1.5" aria-hidden="true">
        <rect x="3" y="6" width="18" height="13" rx="2" />
        <path d="M3 10h18M7 6l2-3M12 6l2-3M17 6l2-3" />
      </svg>
      <p className="mt-4 max-w-md text-sm text-zinc-300">{message}</p>
      {children}
    </div>
  )
}
