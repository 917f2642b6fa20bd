import { preload } from 'react-dom'
import { homeProviders, providerById, providerLogoUrl } from '../../features/catalog/providers'
import { GetStartedCard } from './GetStartedCard'
import { LovedByFriendsRow } from './LovedByFriendsRow'
import { ProviderRow } from './ProviderRow'
import { SearchBox } from './SearchBox'
import { TrendingRow } from './TrendingRow'
import { UpNextRow } from './UpNextRow'
import { useDocumentTitle } from '../../lib/documentTitle'

const hboMax = providerById(384)

/**
 * Home: a search field first (most visits start with a title in mind), then, for a new member, the
 * "Get started" steps, then the head of my
 * watchlist when I keep one, titles my friends loved when they have any, what is trending, what is coming, and a row per streaming service. Each row loads on its own, so the first appears fast.
 */
export function HomeScreen() {
  useDocumentTitle('Home')
  // Spec §2: the extra HBO Max logo file is preloaded (its row is far down the page, its tile is the heaviest).
  if (hboMax) preload(providerLogoUrl(hboMax), { as: 'image' })
  return (
    <div className="pb-16">
      <section className="relative pb-8 pt-2 sm:pb-10 sm:pt-6">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -inset-x-4 -top-24 h-72 md:-inset-x-8 bg-[radial-gradient(60%_100%_at_30%_0%,rgba(255,90,95,0.16),transparent)]"
        />
        <div className="relative max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-white [text-wrap:balance] sm:text-5xl">
            Find something worth watching tonight.
          </h1>
          <p className="mt-3 text-base text-zinc-400 sm:text-lg">
            Popular films and series, and where they’re streaming.
          </p>
          <div className="mt-6">
            <SearchBox size="large" />
          </div>
        </div>
      </section>
      <GetStartedCard />
      <div className="space-y-10 sm:space-y-12">
        <UpNextRow />
        <LovedByFriendsRow />
        <TrendingRow list="trendingMovies" priority />
        <TrendingRow list="trendingTv" />
        <TrendingRow list="upcomingMovies" />
        {homeProviders.map((provider) => (
          <ProviderRow key={provider.id} provider={provider} />
        ))}
      </div>
    </div>
  )
}
