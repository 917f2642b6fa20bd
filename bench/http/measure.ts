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
}

export async function sample(generator: LoadGenerator, load: Omit<Load, 'durationSeconds' | 'connections'>) {
  const run = (durationSeconds: number) => generator.run({ connections: timing.connections, ...load, durationSeconds })
  const warmUp = await run(timing.warmUpSeconds)
  const samples: LoadFigures[] = []
  for (let i = 0; i < timing.samples; i++) samples.push(await run(timing.sampleSeconds))
  const bySpeed = [...samples].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  const middle = bySpeed[Math.floor(bySpeed.length / 2)]!
  return {
    median: middle.requestsPerSecond,
    min: bySpeed[0]!.requestsPerSecond,
    max: bySpeed.at(-1)!.requestsPerSecond,
    p99Ms: middle.p99Ms,
    failures: [warmUp, ...samples].reduce((sum, s) => sum + s.non2xx + s.errors, 0),
  } satisfies Sampled
}

export interface Baselines {
  GET: Sampled
  POST: Sampled
}

/** One printed row: the median with its spread, its ratio to the hello-world of the same method, and the goal. */
export function row(name: string, figures: Sampled, baseline: Sampled, goal?: number) {
  const ratio = figures.median / baseline.median
  const verdict =
    goal === undefined ? '' : figures.failures > 0 ? 'NOT met (failed answers)' : ratio >= goal ? 'met' : 'NOT met'
  return {
    figure: name,
    'req/s (median)': Math.round(figures.median),
    'spread (min–max)': `${Math.round(figures.min)}–${Math.round(figures.max)}`,
    'p99 ms': figures.p99Ms,
    'non-2xx/errors': figures.failures,
    ratio: Number(ratio.toFixed(3)),
    goal: goal === undefined ? '' : `≥ ${goal}`,
    verdict,
  }
}
