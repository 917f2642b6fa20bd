import { defaultRegion, providerById, type MediaResult, type MediaResultList } from '@reelmates/contracts/catalog'
import { fallbackSteps, fallbackUrl, type ProviderTrendingRequest } from '../port'
import { showsRecorded } from './shows'

/** The only region whose availability the offline catalog records. */
export const knownRegion = defaultRegion

interface Part {
  count: number
  label: string
  /**
   * How many such titles the catalog knows, when it says: a home row and a provider page show
   * different numbers of the same originals, and both name the same total ("5 of the 34").
   */
  known?: number
}

const described = (part: Part) =>
  part.known !== undefined && part.known > part.count
    ? `${part.count} of the ${part.known} ${part.label}`
    : `${part.count} ${part.label}`

const inGenre = (titles: readonly MediaResult[], genreId: number | undefined) =>
  genreId === undefined ? titles : titles.filter((title) => title.genre_ids.includes(genreId))

/** Says exactly what a provider page holds, part by part, and on what the claim rests. */
export function providerNotice(provider: string, parts: readonly Part[], region: string, genreLabel = ''): string {
  const sentences = ['Offline catalog:']
  const shown = parts.filter((part) => part.count > 0)
  // With a genre asked for, the first part is what matches it: when nothing does, "then 20 of the 47
  // other series" needs saying what they are other than.
  const [asAsked] = parts
  const noneAsAsked =
    genreLabel !== '' && asAsked !== undefined && asAsked.count === 0 ? `no ${asAsked.label}; then ` : ''
  sentences.push(
    shown.length > 0
      ? `${noneAsAsked}${shown.map(described).join('; then ')}.`
      : `no series made for ${provider}${genreLabel}${region === knownRegion ? '' : ` known in ${region}`}.`,
  )
  if (region !== knownRegion) sentences.push(`What ${provider} streams is known offline only in the US.`)
  sentences.push(
    `Series made for ${provider} are its originals, which it streams in the US as recorded in ${showsRecorded}; this may change.`,
  )
  return sentences.join(' ')
}

/**
 * A provider page of the offline catalog. What it knows a service streams is the service's own
 * originals, in the US; the data has no film made for a streaming service (its films end in 2010),
 * so those are series. Like the TMDB adapter, the first call answers what matches exactly and asks
 * for the fallback when that is shorter than the limit; the fallback widens the same way (without
 * the genre, then in the US) and, still short, fills up with the catalog's best-known films, which
 * the notice says are not the service's catalogue.
 */
export function providerPage(
  request: ProviderTrendingRequest,
  originals: readonly MediaResult[],
  bestKnownFilms: readonly MediaResult[],
): MediaResultList {
  const provider = providerById(request.providerId)?.name ?? `provider ${request.providerId}`
  const genreLabel = request.genreId === undefined ? '' : ' in this genre'
  const exact = `series made for ${provider}${genreLabel}`
  const other = request.genreId === undefined ? exact : `other series made for ${provider}`
  const steps = fallbackSteps(request).map((step) => ({ ...step, label: step.inGenre ? exact : other }))

  const results = new Map<string, MediaResult>()
  const parts: Part[] = []
  const take = (titles: readonly MediaResult[], label: string, counted: boolean) => {
    const before = results.size
    const fresh = titles.filter((title) => !results.has(`${title.media_type}:${title.id}`)).length
    for (const title of titles) {
      if (results.size >= request.limit) break
      results.set(`${title.media_type}:${title.id}`, title)
    }
    const added = results.size - before
    const same = parts.find((part) => part.label === label)
    if (same) {
      same.count += added
      if (same.known !== undefined) same.known += fresh
    } else parts.push({ count: added, label, ...(counted ? { known: fresh } : {}) })
  }
  for (const step of steps) {
    take(step.region === knownRegion ? inGenre(originals, step.genreId) : [], step.label, true)
  }
  if (request.fallback && results.size < request.limit) {
    const notCatalogue = `which are not ${provider}'s catalogue`
    if (request.genreId !== undefined) {
      take(
        inGenre(bestKnownFilms, request.genreId),
        `of the best-known films of the offline catalog in this genre, ${notCatalogue}`,
        false,
      )
    }
    take(bestKnownFilms, `of the best-known films of the offline catalog, ${notCatalogue}`, false)
  }

  const list = [...results.values()]
  // A list of only what matches as asked, and full: how many match, so that a page can offer more.
  const asAsked = parts.length === 1 ? parts[0] : undefined
  const matching = asAsked?.label === exact && list.length >= request.limit ? (asAsked.known ?? 0) : 0
  const page: MediaResultList = {
    results: list,
    page: 1,
    total_results: Math.max(matching, list.length),
    total_pages: list.length > 0 ? 1 : 0,
    notice: providerNotice(provider, parts, request.region, genreLabel),
  }
  if (!request.fallback && list.length < request.limit) {
    return { ...page, needsFallback: true, fallbackUrl: fallbackUrl(request) }
  }
  return page
}
