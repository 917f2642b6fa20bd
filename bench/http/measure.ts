import type { Load, LoadFigures } from './loadGenerator'
import type { LoadGenerator } from './processes'

/** Durations of every HTTP figure: a warm-up whose figures are dropped, then three samples. */
export const timing = { warmUpSeconds: 2, samples: 3, sampleSeconds: 3, connections: 50 }

export interface Sampled {
  median: number
  min: number
  max: number
  p99Ms: number
  /** Answers other than 2xx, plus errors and time-outs, over the warm-up and every sample. */
  failures: number
  /** Against a baseline: each sample's req/s over the baseline's req/s in the sample just before it. */
  ratios?: { median: number; min: number; max: number; baselineMedian: number }
}

/** A load as a figure is given it: the connections and durations are the bench's own (`timing`). */
export type FigureLoad = Omit<Load, 'durationSeconds' | 'connections'>

/**
 * One figure: a warm-up whose figures are dropped, then three samples. With a `baseline` (the
 * hello-world's load), every sample is paired with a sample of the baseline taken just before it, and
 * the figure's ratio is the median of the three pairs' ratios. This machine's speed moves by a factor
 * of two within a minute (other tenants of the host), so a baseline measured once at the start of a
 * run made every later ratio a measure of that drift as much as of the route (docs/performance.md).
 */
export async function sample(generator: LoadGenerator, load: FigureLoad, baseline?: FigureLoad): Promise<Sampled> {
  const run = (what: FigureLoad, durationSeconds: number) =>
    generator.run({ connections: timing.connections, ...what, durationSeconds })
  const warmUp = await run(load, timing.warmUpSeconds)
  const samples: LoadFigures[] = []
  const pairs: { ratio: number; baseline: number }[] = []
  for (let i = 0; i < timing.samples; i++) {
    const before = baseline === undefined ? undefined : await run(baseline, timing.sampleSeconds)
    const figures = await run(load, timing.sampleSeconds)
    samples.push(figures)
    if (before) {
      pairs.push({ ratio: figures.requestsPerSecond / before.requestsPerSecond, baseline: before.requestsPerSecond })
    }
  }
  const bySpeed = [...samples].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  const middle = bySpeed[Math.floor(bySpeed.length / 2)]!
  return {
    median: middle.requestsPerSecond,
    min: bySpeed[0]!.requestsPerSecond,
    max: bySpeed.at(-1)!.requestsPerSecond,
    p99Ms: middle.p99Ms,
    failures: [warmUp, ...samples].reduce((sum, s) => sum + s.non2xx + s.errors, 0),
    ...(pairs.length > 0 ? { ratios: summarise(pairs) } : {}),
  }
}

function summarise(pairs: { ratio: number; baseline: number }[]): NonNullable<Sampled['ratios']> {
  const middleOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  const ratios = pairs.map((pair) => pair.ratio)
  return {
    median: middleOf(ratios),
    min: Math.min(...ratios),
    max: Math.max(...ratios),
    baselineMedian: middleOf(pairs.map((pair) => pair.baseline)),
  }
}

/** The hello-world loads every figure is paired with: GET figures with the GET, writes with the POST. */
export interface Baselines {
  GET: FigureLoad
  POST: FigureLoad
}

/**
 * One printed row: the median with its spread, the hello-world's req/s in the samples paired with it,
 * the median of the pairs' ratios with their spread, and the goal. A figure sampled without a
 * baseline is a baseline itself (ratio 1).
 */
export function row(name: string, figures: Sampled, goal?: number) {
  const ratio = figures.ratios?.median ?? 1
  const verdict =
    goal === undefined ? '' : figures.failures > 0 ? 'NOT met (failed answers)' : ratio >= goal ? 'met' : 'NOT met'
  const ratios = figures.ratios
  return {
    figure: name,
    'req/s (median)': Math.round(figures.median),
    'spread (min–max)': `${Math.round(figures.min)}–${Math.round(figures.max)}`,
    'hello-world alongside': ratios ? Math.round(ratios.baselineMedian) : '',
    'p99 ms': figures.p99Ms,
    'non-2xx/errors': figures.failures,
    ratio: Number(ratio.toFixed(3)),
    'ratio spread': ratios ? `${ratios.min.toFixed(3)}–${ratios.max.toFixed(3)}` : '',
    goal: goal === undefined ? '' : `≥ ${goal}`,
    verdict,
  }
}
