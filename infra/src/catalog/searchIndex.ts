import MiniSearch, { type Query, type SearchResult } from 'minisearch'
import type { MediaResult } from '@reelmates/contracts/catalog'
import { foldForSearch } from '@reelmates/contracts/searchFold'
import { queryVariants, titleForms } from './searchForms'
import { firstOfGroups, rankTitles } from './searchRanking'

/**
 * The in-process title index behind instant search: prefix matching while typing, one typo
 * forgiven in words of four letters or more, accents and case ignored and letters like "æ" spelled out
 * as member search does (contracts/src/searchFold.ts: "amelie" finds "Amélie", "aeon" finds "Æon Flux").
 * Two swapped letters count as one typo ("jwas" finds Jaws). Ranked as searchRanking.ts says:
 * titles whose words start with what was typed first, then relevance, then popularity, series together.
 * Words run together or split, and sequel numbers as digits or numerals, find the title too
 * (searchForms.ts: "spiderman", "god father", "godfather 2"). A query none of whose titles has every
 * word is tried again matching any of its words ("lrd of the rings"). A year after a name puts that
 * year's titles first ("crash 2005": Crash (2005) before Crash (1996)).
 */
export interface TitleIndex {
  /** Adds titles, replacing ones already indexed (same media type and id). */
  add(titles: readonly MediaResult[]): void
  search(query: string, limit?: number): MediaResult[]
  readonly size: number
}

interface IndexedTitle {
  key: string
  title: string
  originalTitle: string
  /** The names' other forms (searchForms.ts), space-separated. */
  forms: string
}

/** Titles seen from TMDB are added as they pass by; past this many the index stops growing. */
const defaultCapacity = 100_000

/**
 * Answers kept for queries asked again. What people type repeats (every "god" on the way to "godfather"),
 * and a search costs milliseconds where the rest of a request costs tens of microseconds. Bounded;
 * emptied whenever titles are added, so an answer is never older than the index.
 */
const rememberedSearches = 2_000
/** …and at most this many titles across them (references, not copies), so memory stays small. */
const rememberedTitles = 200_000

/** The other forms of titles are searched when the words as typed found fewer titles than this. */
const formsAskedBelow = 50

/** A short list (suggestions) gives one series at most this share of its places while others wait. */
const seriesShare = 0.4

/** What a search found, in its groups (a series together), and how many titles that is. */
interface Ranked {
  groups: MediaResult[][]
  size: number
}

/** Scores within this ratio of each other count as equally relevant, so popularity decides. */
const relevanceBucket = Math.log(1.1)

function titleOf(result: MediaResult): string {
  return result.title ?? result.name ?? ''
}

function originalTitleOf(result: MediaResult): string {
  const original = result.original_title ?? result.original_name ?? ''
  return original === titleOf(result) ? '' : original
}

const keyOf = (result: MediaResult) => `${result.media_type}:${result.id}`

/** Typos are forgiven only in words this long: shorter ones match too much by accident. */
const typoMinimumLength = 4

/** How much a word with two letters swapped counts beside the word as typed. */
const swappedWeight = 0.5

/** MiniSearch's own word boundaries: spaces and punctuation. */
const wordBoundary = /[\n\r\p{Z}\p{P}]+/u

/** The word with two neighbouring letters swapped, each way it can be ("jwas" → "wjas", "jaws", "jwsa"). */
export function swappedLetters(word: string): string[] {
  if (word.length < typoMinimumLength) return []
  const variants = new Set<string>()
  for (let i = 0; i < word.length - 1; i++) {
    if (word[i] === word[i + 1]) continue
    variants.add(word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2))
  }
  return [...variants]
}

const wordsOf = (text: string) => text.split(wordBoundary).filter((word) => word.length > 0)

/** Release years a query may end with: the first films to today's announced releases, with room. */
const yearWord = /^(?:18[7-9]\d|19\d\d|20\d\d|2100)$/

/** "crash 2005" → the name "crash" and the year "2005"; undefined without both. */
function nameAndYear(query: string): { name: string; year: string } | undefined {
  const words = wordsOf(query)
  const year = words.at(-1)
  if (words.length < 2 || year === undefined || !yearWord.test(year)) return undefined
  return { name: words.slice(0, -1).join(' '), year }
}

const releaseYearOf = (title: MediaResult | undefined) =>
  (title?.release_date ?? title?.first_air_date ?? '').slice(0, 4)

/** Every form of a title's names that is not already one of their words, for the `forms` field. */
function formsOf(...names: string[]): string {
  return [...new Set(names.flatMap((name) => titleForms(wordsOf(foldForSearch(name)))))].join(' ')
}

/**
 * Every word of the query, each also as its swapped-letter variants. The variants are whole words
 * (no fuzzy match on top) and count half, so a real word still outranks a variant that happens to
 * be another word ("from" / "form"); this costs a few exact look-ups per word.
 */
function withSwappedLetters(words: readonly string[]): Query {
  return {
    combineWith: 'AND',
    queries: words.map((word) => {
      const swapped = swappedLetters(word)
      if (swapped.length === 0) return word
      return {
        combineWith: 'OR',
        queries: [word, { queries: swapped, combineWith: 'OR', fuzzy: false, boostTerm: () => swappedWeight }],
      }
    }),
  }
}

export function createTitleIndex(options: { capacity?: number } = {}): TitleIndex {
  const capacity = options.capacity ?? defaultCapacity
  const titles = new Map<string, MediaResult>()
  const index = new MiniSearch<IndexedTitle>({
    idField: 'key',
    fields: ['title', 'originalTitle'],
    processTerm: (term) => foldForSearch(term) || null,
    searchOptions: {
      prefix: true,
      fuzzy: (term) => (term.length >= typoMinimumLength ? 1 : false),
      maxFuzzy: 1,
      combineWith: 'AND',
      boost: { title: 2 },
    },
  })
  // The names with their other forms, found by prefix only: forgiving typos across every joined
  // pair of words made each search several times slower (p95 1.9 → 5–7.5 ms in the bench).
  const forms = new MiniSearch<IndexedTitle>({
    idField: 'key',
    fields: ['title', 'originalTitle', 'forms'],
    processTerm: (term) => foldForSearch(term) || null,
    // Whole words but the last, which may be half typed: every joined pair of words starting with
    // "the" would otherwise count for a typed "the".
    searchOptions: {
      prefix: (_term, index, terms) => index === terms.length - 1,
      combineWith: 'AND',
      boost: { title: 2 },
    },
  })

  // Insertion order is recency: a hit is moved to the end, the oldest is dropped first.
  const remembered = new Map<string, Ranked>()
  let rememberedSize = 0
  function remember(query: string, ranked: Ranked): void {
    if (ranked.size > rememberedTitles) return
    remembered.set(query, ranked)
    rememberedSize += ranked.size
    for (const [oldest, answer] of remembered) {
      if (remembered.size <= rememberedSearches && rememberedSize <= rememberedTitles) break
      remembered.delete(oldest)
      rememberedSize -= answer.size
    }
  }

  /** What the index finds for the query; `anyWord`: if no title has every word, those with any. */
  function hitsOf(query: string, anyWord: boolean): SearchResult[] {
    const [asTyped = [], ...joined] = queryVariants(wordsOf(query))
    let hits = index.search(withSwappedLetters(asTyped))
    // Titles only another form finds ("spiderman", "godfather 2"). Asked only when the words found
    // few: a query they answer by the hundred ("th") is a title being typed, and the forms' prefix
    // search over the same hundreds tripled its time.
    if (hits.length < formsAskedBelow) {
      const found = new Set(hits.map((hit) => hit.id as string))
      hits = [...hits, ...forms.search(asTyped.join(' ')).filter((hit) => !found.has(hit.id as string))]
    }
    // Nothing has every word as typed: a title split in two ("god father"), tried only then, as
    // every variant is another search.
    if (hits.length === 0 && joined.length > 0)
      hits = forms.search({ combineWith: 'OR', queries: joined.map((words) => words.join(' ')) })
    // Nothing has every word: rank what has any of them (a typo in a short word, an extra word).
    if (hits.length === 0 && anyWord) hits = index.search(query, { combineWith: 'OR' })
    return hits
  }

  function ranked(hits: readonly SearchResult[], query: string, unless?: ReadonlySet<string>): MediaResult[][] {
    const scored = hits.flatMap((hit) => {
      const title = unless?.has(hit.id as string) ? undefined : titles.get(hit.id as string)
      return title ? [{ title, relevance: Math.round(Math.log(hit.score) / relevanceBucket) }] : []
    })
    return rankTitles(scored, query, foldForSearch)
  }

  function searchIndex(query: string): Ranked {
    const groups = searchWithYear(query) ?? ranked(hitsOf(query, true), query)
    return { groups, size: groups.reduce((sum, group) => sum + group.length, 0) }
  }

  /**
   * "crash 2005": the titles the name finds that were released that year, then titles having every
   * word as typed ("blade runner 2049", where the number is part of the name), then the name's other
   * titles — rather than titles that merely start with the digits ("200 Cigarettes"). Undefined when
   * the query does not end with a year after a name, or when neither reading finds anything.
   */
  function searchWithYear(query: string): MediaResult[][] | undefined {
    const split = nameAndYear(query)
    if (split === undefined) return undefined
    const named = hitsOf(split.name, true)
    const asTyped = hitsOf(query, false)
    if (named.length === 0 && asTyped.length === 0) return undefined
    const ofYear = named.filter((hit) => releaseYearOf(titles.get(hit.id as string)) === split.year)
    const shown = new Set(ofYear.map((hit) => hit.id as string))
    const withNumber = asTyped.filter((hit) => !shown.has(hit.id as string))
    for (const hit of withNumber) shown.add(hit.id as string)
    return [...ranked(ofYear, split.name), ...ranked(withNumber, query), ...ranked(named, split.name, shown)]
  }

  return {
    get size() {
      return titles.size
    },
    add(results) {
      if (results.length > 0) {
        remembered.clear()
        rememberedSize = 0
      }
      for (const result of results) {
        const key = keyOf(result)
        const known = titles.has(key)
        if (!known && titles.size >= capacity) continue
        titles.set(key, result)
        const document = {
          key,
          title: titleOf(result),
          originalTitle: originalTitleOf(result),
          forms: formsOf(titleOf(result), originalTitleOf(result)),
        }
        if (known) {
          index.replace(document)
          forms.replace(document)
        } else {
          index.add(document)
          forms.add(document)
        }
      }
    },
    search(query, limit = Number.POSITIVE_INFINITY) {
      let ranked = remembered.get(query)
      if (ranked === undefined) ranked = searchIndex(query)
      else {
        remembered.delete(query)
        rememberedSize -= ranked.size
      }
      remember(query, ranked)
      // A fresh array each time: callers own what they are given.
      return ranked.size <= limit
        ? ranked.groups.flat()
        : firstOfGroups(ranked.groups, limit, Math.ceil(limit * seriesShare))
    },
  }
}
