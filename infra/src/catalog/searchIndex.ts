import MiniSearch from 'minisearch'
import type { MediaResult } from '@reelmates/contracts/catalog'

/**
 * The in-process title index behind instant search: prefix matching while typing, one typo
 * forgiven in words of four letters or more, accents and case ignored ("amelie" finds "Amélie").
 * Ranked by relevance; titles that match about equally well are ordered by popularity.
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
}

/** Titles seen from TMDB are added as they pass by; past this many the index stops growing. */
const defaultCapacity = 100_000

/** Scores within this ratio of each other count as equally relevant, so popularity decides. */
const relevanceBucket = Math.log(1.1)

export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

function titleOf(result: MediaResult): string {
  return result.title ?? result.name ?? ''
}

function originalTitleOf(result: MediaResult): string {
  const original = result.original_title ?? result.original_name ?? ''
  return original === titleOf(result) ? '' : original
}

const keyOf = (result: MediaResult) => `${result.media_type}:${result.id}`

export function createTitleIndex(options: { capacity?: number } = {}): TitleIndex {
  const capacity = options.capacity ?? defaultCapacity
  const titles = new Map<string, MediaResult>()
  const index = new MiniSearch<IndexedTitle>({
    idField: 'key',
    fields: ['title', 'originalTitle'],
    processTerm: (term) => foldForSearch(term) || null,
    searchOptions: {
      prefix: true,
      fuzzy: (term) => (term.length >= 4 ? 1 : false),
      maxFuzzy: 1,
      combineWith: 'AND',
      boost: { title: 2 },
    },
  })

  return {
    get size() {
      return titles.size
    },
    add(results) {
      for (const result of results) {
        const key = keyOf(result)
        const known = titles.has(key)
        if (!known && titles.size >= capacity) continue
        titles.set(key, result)
        const document = { key, title: titleOf(result), originalTitle: originalTitleOf(result) }
        if (known) index.replace(document)
        else index.add(document)
      }
    },
    search(query, limit = Number.POSITIVE_INFINITY) {
      const hits = index.search(query)
      const ranked = hits
        .map((hit) => ({
          bucket: Math.round(Math.log(hit.score) / relevanceBucket),
          title: titles.get(hit.id as string),
        }))
        .filter((hit): hit is { bucket: number; title: MediaResult } => hit.title !== undefined)
        .sort((a, b) => b.bucket - a.bucket || b.title.popularity - a.title.popularity)
      return ranked.slice(0, limit).map((hit) => hit.title)
    },
  }
}
