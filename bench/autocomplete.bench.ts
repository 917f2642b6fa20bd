import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'
import { loadFilms } from '@reelmates/infra/catalog/offline/films'
import { loadShows } from '@reelmates/infra/catalog/offline/shows'
import { createOfflineCatalog } from '@reelmates/infra/catalog/offline/offlineCatalog'

/**
 * Server-side autocomplete over the offline catalog: 10,000 queries drawn from its own titles (films
 * and series), half of them prefixes as typed (2 characters up to the whole title) and half with
 * one typo (a letter replaced, dropped or doubled, or two neighbours swapped) in a word of 4 letters
 * or more. Target: p95 under 5 ms.
 */

export type AutocompleteFigures = {
  queries: number
  titles: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** Share of prefix queries (of 2 characters and more) whose source title is among the suggestions. */
  foundFromPrefix: number
  /** Share of one-typo queries whose source title is among the suggestions. */
  foundWithTypo: number
}

/** mulberry32: a small seeded generator, so every run asks the same queries. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function withTypo(title: string, random: () => number): string {
  const words = title.split(' ')
  const candidates = words.map((word, i) => ({ word, i })).filter(({ word }) => /^\p{L}{4,}$/u.test(word))
  const pick = candidates[Math.floor(random() * candidates.length)]
  if (!pick) return title
  const at = 1 + Math.floor(random() * (pick.word.length - 1))
  const letter = 'abcdefghijklmnopqrstuvwxyz'.charAt(Math.floor(random() * 26))
  const kind = Math.floor(random() * 4)
  const typo =
    kind === 0
      ? pick.word.slice(0, at) + letter + pick.word.slice(at + 1)
      : kind === 1
        ? pick.word.slice(0, at) + pick.word.slice(at + 1)
        : kind === 2
          ? pick.word.slice(0, at) + pick.word.charAt(at) + pick.word.slice(at)
          : pick.word.slice(0, at - 1) + pick.word.charAt(at) + pick.word.charAt(at - 1) + pick.word.slice(at + 1)
  words[pick.i] = typo
  return words.join(' ')
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
const round = (ms: number) => Math.round(ms * 1000) / 1000

export async function benchAutocomplete(
  options: { queries?: number; seed?: number } = {},
): Promise<AutocompleteFigures> {
  const count = options.queries ?? 10_000
  const random = seeded(options.seed ?? 42)
  const catalog = createOfflineCatalog()
  const films = loadFilms()
  const shows = loadShows(films.map((film) => film.result.id))
  const titles = [...films, ...shows]
    .map(({ result }) => ({ id: result.id, title: result.title ?? result.name ?? '' }))
    .filter((t) => t.title.length >= 2)
  const queries = Array.from({ length: count }, (_, i) => {
    const title = titles[Math.floor(random() * titles.length)] ?? { id: 0, title: '' }
    const text =
      i % 2 === 0
        ? title.title.slice(0, 2 + Math.floor(random() * Math.max(1, title.title.length - 1)))
        : withTypo(title.title, random)
    return { id: title.id, text }
  })

  for (const query of queries.slice(0, 200)) await catalog.autocomplete(query.text) // warm-up
  const timings: number[] = []
  const found = [0, 0]
  for (const [i, query] of queries.entries()) {
    const start = performance.now()
    const results = await catalog.autocomplete(query.text)
    timings.push(performance.now() - start)
    if (results.some((result) => result.id === query.id)) found[i % 2] = (found[i % 2] ?? 0) + 1
  }
  const share = (hits: number | undefined) => Math.round(((hits ?? 0) / (count / 2)) * 1000) / 1000
  timings.sort((a, b) => a - b)
  return {
    queries: count,
    titles: titles.length,
    p50Ms: round(percentile(timings, 0.5)),
    p95Ms: round(percentile(timings, 0.95)),
    p99Ms: round(percentile(timings, 0.99)),
    maxMs: round(timings.at(-1) ?? 0),
    foundFromPrefix: share(found[0]),
    foundWithTypo: share(found[1]),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchAutocomplete()
  console.log('autocomplete (offline catalog, server-side):')
  console.table(figures)
  console.log(figures.p95Ms < 5 ? 'p95 is under the 5 ms target' : 'p95 is OVER the 5 ms target')
}
