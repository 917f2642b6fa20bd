import { Agenda, backoffStrategies, type AgendaBackend } from 'agenda'
import type { TimedJob } from './timedJob'

export interface TimedJobsDependencies {
  /** The job store every scheduler process shares; its lock makes each run happen in one of them. */
  backend: AgendaBackend
  now: () => Date
  logger: { warn(details: object, message: string): void }
  /** This process, in agenda's lock records. */
  owner: string
  /** How often agenda looks for due jobs. */
  processEvery?: string | number
  /**
   * This is the only process that runs the jobs (the embedded server: one per data directory, which
   * it holds locked). A lock it finds at start was left by its own previous life, killed mid-run, and
   * is released at once: waiting out the lock lifetime held a job (and the admin's screen said
   * "running") for ten minutes after every crash.
   */
  releaseLocksAtStart?: boolean
}

export interface RunningTimedJobs {
  /** Runs one job now, in this process, at the injected time (tests and the admin's "run now"). */
  runNow(name: string): Promise<void>
  stop(): Promise<void>
}

/** Starts agenda over `backend` with each job repeating at its interval. */
export async function startTimedJobs(
  jobs: readonly TimedJob[],
  dependencies: TimedJobsDependencies,
): Promise<RunningTimedJobs> {
  const { backend, now, logger, owner } = dependencies
  const agenda = new Agenda({
    backend,
    name: owner,
    processEvery: dependencies.processEvery ?? '30 seconds',
    // A digest run over many members may take a while; another process takes over only after this.
    defaultLockLifetime: 10 * 60_000,
  })
  agenda.on('error', (error: Error) => logger.warn({ err: error }, 'the job store failed'))
  agenda.on('fail', (error: Error, job) => logger.warn({ err: error, job: job.attrs.name }, 'a timed job failed'))
  for (const job of jobs) {
    agenda.define(job.name, () => job.run(now()), {
      concurrency: 1,
      lockLimit: 1,
      backoff: backoffStrategies.exponential({ delay: 5_000, maxRetries: 5 }),
    })
  }
  if (dependencies.releaseLocksAtStart) {
    const { jobs: found } = await backend.repository.queryJobs({ names: jobs.map((job) => job.name) })
    const locked = found.filter((job) => job.lockedAt).map((job) => String(job._id))
    if (locked.length > 0) {
      await backend.repository.unlockJobs(locked)
      logger.warn(
        { jobs: found.filter((job) => job.lockedAt).map((job) => job.name) },
        'released the locks of timed jobs a previous run of this server left',
      )
    }
  }
  await agenda.start()
  // A repeating job is one record per name in the shared store, so every process may declare it.
  for (const job of jobs) await agenda.every(job.every, job.name)
  const byName = new Map(jobs.map((job) => [job.name, job]))
  return {
    async runNow(name) {
      const job = byName.get(name)
      if (!job) throw new Error(`no timed job named ${name}`)
      await job.run(now())
    },
    // agenda's stop unlocks the jobs it had locked and not yet started, so another process runs
    // them now; a run in progress keeps its lock (another process takes it over once the lock
    // lifetime has passed, not while this one may still be sending).
    // The connection belongs to whoever opened the backend (it also serves the admin's failed jobs).
    stop: () => agenda.stop(false),
  }
}
