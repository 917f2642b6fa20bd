import type { ProjectionRunner } from '@reelmates/projections/runner'

export interface RebuildRun {
  startedAt: string
  finishedAt: string | null
  durationMs: number | null
  outcome: 'running' | 'done' | 'failed'
  error: string | null
}

/**
 * The rebuilds started from the admin area, kept by the gateway that started them: when each was asked
 * for, how long it took and how it ended. Starting one that runs already answers the running one.
 * How long it took counts from when it left the queue (one rebuild runs at a time): a read model asked
 * for behind a long one did not take the long one's time too.
 */
export function rebuildRuns(projections: ProjectionRunner, now: () => Date) {
  const runs = new Map<string, RebuildRun>()
  /** When each running rebuild left the queue. */
  const started = new WeakMap<RebuildRun, Date>()
  return {
    last: (name: string): RebuildRun | undefined => runs.get(name),
    /** Starts the rebuild and answers at once; `done` settles when it is swapped in (or failed). */
    start(name: string): { run: RebuildRun; done: Promise<void> } {
      const running = runs.get(name)
      const startedAt = now()
      const run: RebuildRun =
        running?.outcome === 'running'
          ? running
          : { startedAt: startedAt.toISOString(), finishedAt: null, durationMs: null, outcome: 'running', error: null }
      runs.set(name, run)
      const done = projections
        // A second ask while it runs is told at once that it started: the first start stands.
        .rebuild(name, () => {
          if (!started.has(run)) started.set(run, now())
        })
        .then(
          () => finish(run, 'done', null),
          (error: unknown) => finish(run, 'failed', error instanceof Error ? error.message : String(error)),
        )
      return { run, done }
    },
  }

  function finish(run: RebuildRun, outcome: 'done' | 'failed', error: string | null): void {
    if (run.outcome !== 'running') return
    const finishedAt = now()
    Object.assign(run, {
      finishedAt: finishedAt.toISOString(),
      durationMs: finishedAt.getTime() - (started.get(run)?.getTime() ?? Date.parse(run.startedAt)),
      outcome,
      error,
    })
  }
}
