import { useQuery } from '@tanstack/react-query'
import { recommendationAnchor } from '@reelmates/contracts/recommendations'
import { Link, useLocation } from '@tanstack/react-router'
import { useEffect, useRef, type ReactNode } from 'react'
import { recommendationsQuery } from '../../features/recommendations/queries'
import { useListToShow } from '../../features/offline/keptEmpty'
import { useReceivedRecommendations } from '../../features/recommendations/useRecommendations'
import type { Box } from '../../features/recommendations/recommendationCalls'
import { useDocumentTitle } from '../../lib/documentTitle'
import { LoadFailed } from '../library/ScreenHeader'
import { primaryButton, secondaryButton } from '../social/socialStyles'
import { ReceivedCard, SentCard } from './RecommendationCard'
import { Loading } from '../shell/NotSavedOffline'
import { useShownFailure } from '../../lib/shownFailure'

function EmptyBox({ box }: { box: Box }) {
  return (
    <div className="grid place-items-center rounded-3xl border border-dashed border-white/10 bg-panel/60 px-6 py-12 text-center">
      <div className="max-w-sm">
        <h3 className="text-lg font-semibold text-white">
          {box === 'received' ? 'No recommendations yet' : "You haven't recommended anything yet"}
        </h3>
        <p className="mt-2 text-sm text-zinc-400">
          {box === 'received'
            ? 'Titles friends recommend to you land here, and so do those sent to your email address. Add the people whose taste you trust.'
            : 'Found something great? Open its page and press Recommend to send it to a friend.'}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <Link to="/friends" className={primaryButton}>
            Find friends
          </Link>
          <Link to="/trending-movies" className={secondaryButton}>
            Discover titles
          </Link>
        </div>
      </div>
    </div>
  )
}

/** The cards as a list, so a screen reader says how many there are and where each one is. */
function CardList({ children }: { children: ReactNode }) {
  return (
    <ul aria-labelledby="box-title" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {children}
    </ul>
  )
}

/**
 * Cards as `CardList` lays them out, while they come: a poster at the side, the title, who sent it and
 * the actions under it. A grid of tall posters was replaced by one card, and the page jumped.
 */
function RecommendationsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-hidden="true">
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="flex gap-3 rounded-2xl bg-panel p-3 ring-1 ring-white/10 sm:gap-4 sm:p-4">
          <div className="aspect-[2/3] w-16 shrink-0 animate-pulse rounded-xl bg-panel-2 sm:w-20" />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="h-5 w-2/3 animate-pulse rounded bg-panel-2" />
            <div className="h-4 w-1/2 animate-pulse rounded bg-panel-2/70" />
            <div className="flex gap-2 pt-2">
              <div className="h-9 w-32 animate-pulse rounded-full bg-panel-2" />
              <div className="h-9 w-20 animate-pulse rounded-full bg-panel-2/70" />
            </div>
          </div>
        </div>
      ))}
    </div>
  )
}

/**
 * The card an address names (`#rec-<id>`, where the bell's line leads): once the list has come, it is
 * scrolled to and takes the focus, once per address, so the reader starts at the recommendation they
 * tapped rather than at the top of the list.
 */
function useCardNamedByAddress(anchor: string, shown: boolean): void {
  const reached = useRef<string | null>(null)
  useEffect(() => {
    if (!shown || anchor === '' || reached.current === anchor) return
    const card = document.getElementById(anchor)
    if (!card) return
    reached.current = anchor
    card.scrollIntoView({ block: 'center' })
    card.focus({ preventScroll: true })
  }, [anchor, shown])
}

function Received() {
  const query = useReceivedRecommendations()
  const anchor = useLocation({ select: (location) => location.hash })
  useCardNamedByAddress(anchor, query.items !== undefined)
  const failure = useShownFailure(query)
  if (!failure && !query.items) {
    return (
      <Loading what="This list of recommendations">
        <RecommendationsSkeleton />
      </Loading>
    )
  }
  if (!query.items) return <LoadFailed failure={failure} onRetry={() => void query.refetch()} />
  if (query.items.length === 0) return <EmptyBox box="received" />
  return (
    <CardList>
      {query.items.map((item) => (
        <li key={item.id}>
          <ReceivedCard item={item} targeted={anchor === recommendationAnchor(item.id)} />
        </li>
      ))}
    </CardList>
  )
}

function Sent() {
  const query = useQuery(recommendationsQuery('sent'))
  const items = useListToShow(query.data, query)
  const failure = useShownFailure(query)
  if (!failure && !items) {
    return (
      <Loading what="This list of recommendations">
        <RecommendationsSkeleton />
      </Loading>
    )
  }
  if (!items) return <LoadFailed failure={failure} onRetry={() => void query.refetch()} />
  if (items.length === 0) return <EmptyBox box="sent" />
  return (
    <CardList>
      {items.map((item) => (
        <li key={item.id}>
          <SentCard item={item} />
        </li>
      ))}
    </CardList>
  )
}

const tabs: { box: Box; label: string }[] = [
  { box: 'received', label: 'Received' },
  { box: 'sent', label: 'Sent' },
]

/** /recommendations: what friends sent me (pending first: add, dismiss, undo) and how my own picks went. */
export function RecommendationsScreen({ box }: { box: Box }) {
  useDocumentTitle('Recommendations')
  return (
    <section aria-labelledby="screen-title">
      <header className="mb-5">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-amber-400">Between friends</p>
        <h1 id="screen-title" className="mt-1 font-serif text-3xl font-semibold tracking-tight text-white sm:text-4xl">
          Recommendations
        </h1>
      </header>
      <nav aria-label="Recommendations" className="mb-5 inline-flex rounded-full bg-panel p-1 ring-1 ring-white/10">
        {tabs.map((tab) => (
          <Link
            key={tab.box}
            to="/recommendations"
            search={{ box: tab.box }}
            aria-current={tab.box === box ? 'page' : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-semibold ${tab.box === box ? 'bg-amber-400 text-zinc-950' : 'text-zinc-300 hover:text-white'}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {/* The tabs say which box is open; the heading puts it in the outline (h1, then h2, then each card's h3). */}
      <h2 id="box-title" className="sr-only">
        {box === 'received' ? 'Received' : 'Sent'}
      </h2>
      {box === 'received' ? <Received /> : <Sent />}
    </section>
  )
}
