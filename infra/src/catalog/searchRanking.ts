import type { MediaResult } from '@reelmates/contracts/catalog'

/**
 * How search orders the titles the index found (issue 15.4): titles whose words start with every
 * word typed come before titles found only by forgiving a typo ("godf" → The Godfather before Gods
 * and Monsters); then relevance, then popularity; and the titles of one series stay together, in
 * release order, where its best-ranked title would be (The Godfather, Part II, Part III).
 */
export interface ScoredTitle {
  title: MediaResult
  /** The index's relevance, already bucketed so that near-equal scores compare equal. */
  relevance: number
}

type Fold = (text: string) => string

const wordBoundary = /[\n\r\p{Z}\p{P}]+/u
const words = (text: string, fold: Fold) =>
  fold(text)
    .split(wordBoundary)
    .filter((word) => word.length > 0)

const nameOf = (title: MediaResult) => title.title ?? title.name ?? ''
const originalNameOf = (title: MediaResult) => title.original_title ?? title.original_name ?? ''
const releaseOf = (title: MediaResult) => title.release_date ?? title.first_air_date ?? ''

/** Every word typed is the start of a word of the title (or of its original title). */
export function startsWordsOf(title: MediaResult, query: string, fold: Fold): boolean {
  const typed = words(query, fold)
  if (typed.length === 0) return false
  return [nameOf(title), originalNameOf(title)].some((name) => {
    const own = words(name, fold)
    return typed.every((word) => own.some((candidate) => candidate.startsWith(word)))
  })
}

// A sequel's marker at the end of its series name: "2", "III", "Part II", "Ep. IV", "Chapter 3", "³".
const sequelMarker = /(?:\s+(?:part|ep|episode|chapter|vol|volume)\.?)?\s*(?:\d+|[ivxlc]+|[²³⁴])$/u

/** The name a series' titles share: "The Godfather: Part II" → "the godfather", "Jaws 4: The Revenge" → "jaws". */
export function seriesOf(title: MediaResult, fold: Fold): string {
  const name = fold(nameOf(title)).split(':')[0]?.trim() ?? ''
  const base = name.replace(sequelMarker, '').replace(/[\s,.-]+$/u, '')
  return base.length >= 2 ? base : name
}

export function rankTitles(hits: readonly ScoredTitle[], query: string, fold: Fold): MediaResult[] {
  const ordered = hits
    .map((hit) => ({ ...hit, typoOnly: !startsWordsOf(hit.title, query, fold), series: seriesOf(hit.title, fold) }))
    .sort(
      (a, b) =>
        Number(a.typoOnly) - Number(b.typoOnly) || b.relevance - a.relevance || b.title.popularity - a.title.popularity,
    )
  const ranked: MediaResult[] = []
  const placed = new Set<string>()
  for (const hit of ordered) {
    const group = `${String(hit.typoOnly)}|${hit.series}`
    if (placed.has(group)) continue
    placed.add(group)
    const members = ordered.filter((other) => other.typoOnly === hit.typoOnly && other.series === hit.series)
    members.sort((a, b) => releaseOf(a.title).localeCompare(releaseOf(b.title)))
    ranked.push(...members.map((member) => member.title))
  }
  return ranked
}
