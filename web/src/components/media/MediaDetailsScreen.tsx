import { imageUrl, type MediaDetails, type MediaType } from '@reelmates/contracts/catalog'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { titleOf, yearOf } from '../../features/catalog/catalogCalls'
import { keyCrew, mediaFacts } from '../../features/catalog/mediaFacts'
import { catalogQueries } from '../../features/catalog/queries'
import { CastList } from './CastList'
import { CatalogProblem } from './CatalogProblem'
import { MediaPoster } from './MediaPoster'
import { MediaRow } from './MediaRow'
import { MediaDetailsSkeleton } from './MediaSkeletons'
import { Loading } from '../shell/NotSavedOffline'
import { RatingBadge } from './RatingBadge'
import { TrailerPlayer } from './TrailerPlayer'
import { WhereToStream } from './WhereToStream'
import { hideBrokenImage } from './hideBrokenImage'
import { useDocumentTitle } from '../../lib/documentTitle'
import { NotFoundView } from '../shell/NotFoundScreen'
import { useShownFailure } from '../../lib/shownFailure'

interface MediaDetailsScreenProps {
  mediaType: MediaType
  id: number
  /** Watchlist / watched controls for the loaded title, supplied by the library feature. */
  actions?: (details: MediaDetails) => ReactNode
  /** What friends made of the title, shown above where to watch it; supplied by the friends feature. */
  friends?: ReactNode
  /** My own watches of the title (dates, ratings, reviews); supplied by the library feature. */
  yours?: ReactNode
}

/** A title's page: poster and facts, the story, who made it, its trailer, where to watch it, and more like it. */
export function MediaDetailsScreen({ mediaType, id, actions, friends, yours }: MediaDetailsScreenProps) {
  const query = useQuery(catalogQueries.details(mediaType, id))
  const failure = useShownFailure(query)
  const missing = failure !== null && statusOf(failure) === 404
  // The parent's title is set after the child's: it names the not-found state too, or it would undo it.
  useDocumentTitle(
    query.data ? titleOf(query.data) : missing ? 'Title not found' : failure ? 'Title unavailable' : undefined,
  )
  if (!query.data && !failure) {
    return (
      <Loading what="This title">
        <MediaDetailsSkeleton />
      </Loading>
    )
  }
  if (!query.data) {
    return (
      <div className="pt-10">
        {missing ? (
          <NotFoundView
            heading="Title not found"
            message={`We couldn’t find a ${mediaType === 'tv' ? 'TV show' : 'movie'} with this id in the catalog. It may have been removed, or the link may be wrong.`}
          />
        ) : (
          <section aria-labelledby="screen-title">
            {/* The page's heading, which the focus goes to on arriving, as on every other page. */}
            <h1 id="screen-title" tabIndex={-1} className="mb-4 text-2xl font-bold text-white outline-none">
              Title unavailable
            </h1>
            <CatalogProblem
              message="This title could not be loaded."
              failure={failure}
              onRetry={() => void query.refetch()}
            />
          </section>
        )}
      </div>
    )
  }
  return <MediaDetailsView details={query.data} actions={actions?.(query.data)} friends={friends} yours={yours} />
}

function MediaDetailsView({
  details,
  actions,
  friends,
  yours,
}: {
  details: MediaDetails
  actions: ReactNode
  friends: ReactNode
  yours: ReactNode
}) {
  const title = titleOf(details)
  const facts = mediaFacts(details)
  const crew = keyCrew(details)
  const backdrop = imageUrl(details.backdrop_path)

  return (
    <article className="pb-16">
      <div className="relative isolate">
        {/* The backdrop sets the mood behind the header; without one, a wash of colour does. */}
        <div
          aria-hidden="true"
          className="absolute -inset-x-4 -top-5 bottom-0 -z-10 overflow-hidden md:-inset-x-8 md:-top-8 print:hidden"
        >
          {backdrop ? (
            <img
              src={backdrop}
              alt=""
              onError={hideBrokenImage}
              className="h-full w-full scale-105 object-cover opacity-35 blur-[2px]"
            />
          ) : (
            <div className="h-full w-full bg-[radial-gradient(80%_100%_at_20%_0%,rgba(255,90,95,0.12),transparent)]" />
          )}
          <div className="absolute inset-0 bg-gradient-to-b from-ink/30 via-ink/80 to-ink" />
        </div>

        {/* Poster beside the facts; the library buttons under the facts, full width on a phone. */}
        <header className="grid grid-cols-[8rem_minmax(0,1fr)] content-start gap-x-4 pt-1 sm:grid-cols-[14rem_minmax(0,1fr)] sm:grid-rows-[auto_1fr] sm:gap-x-8 sm:pt-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div className="sm:row-span-2">
            <MediaPoster
              title={title}
              year={yearOf(details)}
              posterPath={details.poster_path}
              seed={details.id}
              priority
              className="shadow-2xl shadow-black/60 ring-1 ring-white/10"
            />
          </div>
          <div className="min-w-0 pt-1 sm:pt-6">
            <p className="text-xs font-semibold uppercase tracking-widest text-gold">
              {details.media_type === 'tv' ? 'TV show' : 'Movie'}
            </p>
            <h1 className="mt-1 text-2xl font-bold leading-tight tracking-tight text-white [text-wrap:balance] sm:text-4xl lg:text-5xl">
              {title}
            </h1>
            {details.tagline ? (
              <p className="mt-2 hidden text-base italic text-zinc-300 sm:block">{details.tagline}</p>
            ) : null}
            <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-zinc-300">
              <RatingBadge
                value={details.vote_average}
                voteCount={details.vote_count}
                variant="inline"
                className="text-base"
              />
              {facts.map((fact) => (
                <span key={fact}>{fact}</span>
              ))}
            </div>
            {details.genres.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2" aria-label="Genres">
                {details.genres.map((genre) => (
                  <li
                    key={genre.id}
                    className="rounded-full bg-white/5 px-3 py-1 text-xs font-medium text-zinc-200 ring-1 ring-white/10"
                  >
                    {genre.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          {actions ? <div className="col-span-2 mt-5 self-start sm:col-span-1 sm:col-start-2">{actions}</div> : null}
        </header>
      </div>

      <div className="space-y-10 pt-6 sm:pt-10">
        {/* On a phone, where to watch comes right after the story; on a wide screen it sits beside it all. */}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-10">
          {yours ? <div className="empty:hidden lg:col-start-1">{yours}</div> : null}
          <section aria-labelledby="overview-heading" className="lg:col-start-1">
            <h2 id="overview-heading" className="text-lg font-semibold text-white">
              Overview
            </h2>
            {details.tagline ? <p className="mt-2 italic text-zinc-300 sm:hidden">{details.tagline}</p> : null}
            <p className="mt-2 max-w-prose text-[15px] leading-relaxed text-zinc-300">
              {details.overview || 'No overview is available for this title yet.'}
            </p>
            {crew.length > 0 ? (
              <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
                {crew.map((group) => (
                  <div key={group.role}>
                    <dt className="text-zinc-400">{group.role}</dt>
                    <dd className="font-medium text-zinc-100">{group.names.join(', ')}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </section>
          <aside className="lg:col-start-2 lg:row-span-4 lg:row-start-1">
            {friends}
            <WhereToStream providers={details.watch_providers} />
          </aside>
          <div className="empty:hidden lg:col-start-1">
            <TrailerPlayer title={title} videos={details.videos} backdropPath={details.backdrop_path} />
          </div>
          <div className="empty:hidden lg:col-start-1">
            <CastList cast={details.credits.cast} />
          </div>
        </div>
      </div>

      {details.similar.length > 0 ? (
        <div className="mt-12">
          <MediaRow heading="More like this" label="More like this" results={details.similar} isLoading={false} />
        </div>
      ) : null}
    </article>
  )
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' ? status : undefined
}
