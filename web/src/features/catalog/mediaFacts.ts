import type { MediaDetails } from '@reelmates/contracts/catalog'
import { yearOf } from './catalogCalls'

/** 175 → "2h 55m"; 45 → "45m". */
export function formatRuntime(minutes: number | null | undefined): string | undefined {
  if (!minutes || minutes <= 0) return undefined
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${rest}m`
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/**
 * The short facts under a title: year, then for a film its length, for a series the network it was
 * made for and its seasons, in that order, leaving out the unknown.
 */
export function mediaFacts(details: MediaDetails): string[] {
  const facts: string[] = []
  const year = yearOf(details)
  if (year) facts.push(details.media_type === 'tv' && details.status === 'Returning Series' ? `${year}–` : year)
  if (details.media_type === 'movie') {
    const runtime = formatRuntime(details.runtime)
    if (runtime) facts.push(runtime)
  } else {
    const networks = (details.networks ?? []).map((network) => network.name)
    if (networks.length > 0) facts.push(networks.join(', '))
    if (details.number_of_seasons) facts.push(plural(details.number_of_seasons, 'season'))
    if (details.number_of_episodes) facts.push(plural(details.number_of_episodes, 'episode'))
  }
  return facts
}

/** The people behind a title: directors for films, else writers/creators, at most three names. */
export function keyCrew(details: MediaDetails): { role: string; names: string[] }[] {
  const byJob = (jobs: readonly string[]) => [
    ...new Set(details.credits.crew.filter((member) => jobs.includes(member.job)).map((member) => member.name)),
  ]
  const groups = [
    { role: 'Directed by', names: byJob(['Director']) },
    {
      role: details.media_type === 'tv' ? 'Created by' : 'Written by',
      names: byJob(['Creator', 'Screenplay', 'Writer']),
    },
  ]
  return groups.filter((group) => group.names.length > 0).map((group) => ({ ...group, names: group.names.slice(0, 3) }))
}
