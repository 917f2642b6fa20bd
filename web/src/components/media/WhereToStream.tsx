import {
  imageUrl,
  providerById,
  type RegionWatchProviders,
  type WatchProvider,
  type WatchProvidersByRegion,
} from '@reelmates/contracts/catalog'
import { useId, useState } from 'react'
import { providerLogoUrl, regionName } from '../../features/catalog/providers'
import { hideBrokenImage } from './hideBrokenImage'

const offerKinds = [
  { key: 'flatrate', label: 'Stream' },
  { key: 'free', label: 'Free' },
  { key: 'ads', label: 'Free with ads' },
  { key: 'rent', label: 'Rent' },
  { key: 'buy', label: 'Buy' },
] as const satisfies readonly { key: keyof RegionWatchProviders; label: string }[]

interface WhereToStreamProps {
  providers: WatchProvidersByRegion
  /** The viewer's region when known; US otherwise (spec §9's default region). */
  preferredRegion?: string
}

/** Where a title can be watched, per region, grouped by how (stream, free, rent, buy). */
export function WhereToStream({ providers, preferredRegion = 'US' }: WhereToStreamProps) {
  const regions = Object.keys(providers).sort((a, b) => regionName(a).localeCompare(regionName(b)))
  const [region, setRegion] = useState(() =>
    preferredRegion in providers ? preferredRegion : (regions[0] ?? preferredRegion),
  )
  const selectId = useId()
  const offers = providers[region]

  return (
    <section aria-labelledby={`${selectId}-heading`} className="rounded-2xl bg-panel p-4 ring-1 ring-white/10 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${selectId}-heading`} className="text-lg font-semibold text-white">
          Where to watch
        </h2>
        {regions.length > 1 ? (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={selectId} className="text-zinc-400">
              Region
            </label>
            <select
              id={selectId}
              value={region}
              onChange={(event) => setRegion(event.target.value)}
              className="rounded-lg border border-white/10 bg-ink px-2 py-1.5 text-zinc-100"
            >
              {regions.map((code) => (
                <option key={code} value={code}>
                  {regionName(code)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {offers && offerKinds.some(({ key }) => (offers[key]?.length ?? 0) > 0) ? (
        <div className="mt-4 space-y-4">
          {offerKinds.map(({ key, label }) => {
            const list = offers[key]
            if (!list || list.length === 0) return null
            return (
              <div key={key}>
                <h3 className="mb-2 text-xs font-semibold uppercase tracking-widest text-zinc-400">{label}</h3>
                <ul className="flex flex-wrap gap-2">
                  {sortByPriority(list).map((provider) => (
                    <li key={provider.provider_id}>
                      <ProviderOffer provider={provider} link={offers.link} />
                    </li>
                  ))}
                </ul>
              </div>
            )
          })}
          {/* TMDB's offers come with a link to its watch page; the offline catalog's (a series on the
              service that made it) do not, and must not be credited to JustWatch. */}
          {offers.link ? <p className="text-xs text-zinc-400">Availability data from JustWatch via TMDB.</p> : null}
        </div>
      ) : (
        <p className="mt-3 text-sm text-zinc-400">
          {regions.length === 0
            ? 'We don’t know of anywhere to watch this yet.'
            : `Not available to stream in ${regionName(region)}.`}
        </p>
      )}
    </section>
  )
}

function ProviderOffer({ provider, link }: { provider: WatchProvider; link: string | undefined }) {
  const known = providerById(provider.provider_id)
  const logo = known ? providerLogoUrl(known) : imageUrl(provider.logo_path)
  const content = (
    <>
      {logo ? (
        <img
          src={logo}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          onError={hideBrokenImage}
          className="h-10 w-10 rounded-lg bg-ink object-contain"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-10 w-10 items-center justify-center rounded-lg bg-zinc-700 text-sm font-bold text-white"
        >
          {provider.provider_name.slice(0, 1)}
        </span>
      )}
      <span className="pr-2 text-sm text-zinc-100">{provider.provider_name}</span>
    </>
  )
  const tile = 'flex items-center gap-2 rounded-xl bg-panel-2 p-1 ring-1 ring-white/5'
  return link ? (
    <a href={link} target="_blank" rel="noopener noreferrer" className={`${tile} transition hover:bg-zinc-700`}>
      {content}
    </a>
  ) : (
    <span className={tile}>{content}</span>
  )
}

function sortByPriority(list: readonly WatchProvider[]): WatchProvider[] {
  return [...list].sort((a, b) => (a.display_priority ?? 99) - (b.display_priority ?? 99))
}
