import type { MediaResult } from '@reelmates/contracts/catalog'
import { queryVariants, titleForms } from './searchForms'

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

/**
 * Every word typed is the start of a word of the title (or of its original title), counting the
 * names' other forms ("spiderman", "2" for "II") and the query with neighbouring words joined.
 */
export function startsWordsOf(title: MediaResult, query: string, fold: Fold): boolean {
  return startsTypedWords(title, queryVariants(words(query, fold)), fold)
}

function startsTypedWords(title: MediaResult, variants: readonly (readonly string[])[], fold: Fold): boolean {
  const names = namesOf(title, fold)
  return variants.some(
    (typed) =>
      typed.length > 0 &&
      names.some((own) => typed.every((word) => own.some((candidate) => candidate.startsWith(word)))),
  )
}

/**
 * The folded words of a title's names and its series, worked out once per title object: a query
 * like "the" finds thousands of titles, and folding each of their names on every keystroke was most
 * of a search's time (docs/performance.md). Titles are immutable once indexed.
 */
const foldedNames = new WeakMap<MediaResult, string[][]>()
const seriesNames = new WeakMap<MediaResult, string>()

function namesOf(title: MediaResult, fold: Fold): string[][] {
  let names = foldedNames.get(title)
  if (names === undefined) {
    names = [nameOf(title), originalNameOf(title)].map((name) => {
      const own = words(name, fold)
      return [...own, ...titleForms(own)]
    })
    foldedNames.set(title, names)
  }
  return names
}

// A sequel's marker at the end of its series name: "2", "III", "Part II", "Ep. IV", "Chapter 3", "³".
const sequelMarker = /(?:\s+(?:part|ep|episode|chapter|vol|volume)\.?)?\s*(?:\d+|[ivxlc]+|[²³⁴])$/u

/** The name a series' titles share: "The Godfather: Part II" → "the godfather", "Jaws 4: The Revenge" → "jaws". */
export function seriesOf(title: MediaResult, fold: Fold): string {
  const name = fold(nameOf(title)).split(':')[0]?.trim() ?? ''
  const base = name.replace(sequelMarker, '').replace(/[\s,.-]+$/u, '')
  return base.length >= 2 ? base : name
}

function cachedSeriesOf(title: MediaResult, fold: Fold): string {
  let series = seriesNames.get(title)
  if (series === undefined) {
    series = seriesOf(title, fold)
    seriesNames.set(title, series)
  }
  return series
}

/** The ranked titles in their groups: each series (or lone title) together, groups in rank order. */
export function rankTitles(hits: readonly ScoredTitle[], query: string, fold: Fold): MediaResult[][] {
  const variants = queryVariants(words(query, fold))
  const ordered = hits
    .map((hit) => ({
      ...hit,
      typoOnly: !startsTypedWords(hit.title, variants, fold),
      series: cachedSeriesOf(hit.title, fold),
    }))
    .sort(
      (a, b) =>
        Number(a.typoOnly) - Number(b.typoOnly) || b.relevance - a.relevance || b.title.popularity - a.title.popularity,
    )
  // Each group (a series, among typo-free or typo-only hits) in the order of its best-ranked title.
  const groups = new Map<string, MediaResult[]>()
  for (const hit of ordered) {
    const group = `${String(hit.typoOnly)}|${hit.series}`
    const members = groups.get(group)
    if (members === undefined) groups.set(group, [hit.title])
    else members.push(hit.title)
  }
  for (const members of groups.values()) {
    // A stable sort: titles released the same day keep their rank order, as before.
    members.sort((a, b) => releaseOf(a).localeCompare(releaseOf(b)))
  }
  return [...groups.values()]
}

/**
 * The first `limit` titles of ranked groups, for a short list (the suggestions under the search box):
 * a long series takes at most `perGroup` places while later groups would be cut, so "star" suggests
 * Star Trek and Star Wars rather than ten Star Treks. Room left after every group had its share goes
 * to the rest of each group, in group order; a group's titles stay together, in release order.
 */
export function firstOfGroups(groups: readonly MediaResult[][], limit: number, perGroup: number): MediaResult[] {
  const counts = groups.map(() => 0)
  let taken = 0
  for (const share of [perGroup, Number.POSITIVE_INFINITY]) {
    for (const [index, group] of groups.entries()) {
      const more = Math.min(group.length, share, limit - taken + (counts[index] ?? 0)) - (counts[index] ?? 0)
      if (more <= 0) continue
      counts[index] = (counts[index] ?? 0) + more
      taken += more
    }
  }
  return groups.flatMap((group, index) => group.slice(0, counts[index]))
}
