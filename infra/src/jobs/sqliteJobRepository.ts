import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import {
  computeJobState,
  toJobId,
  type JobParameters,
  type JobRepository,
  type JobRepositoryOptions,
  type JobsOverview,
  type JobsQueryOptions,
  type JobsResult,
  type JobsSort,
  type JobWithState,
  type RemoveJobsOptions,
} from 'agenda'

const dateFields = [
  'nextRunAt',
  'lockedAt',
  'lastRunAt',
  'lastFinishedAt',
  'failedAt',
  'startDate',
  'endDate',
  'debounceStartedAt',
] as const

type Stored = Record<string, unknown>

/** Dot paths (`data.userId`) as MongoDB reads them, which is how agenda writes `unique` and `data` filters. */
function valueAt(document: unknown, path: string): unknown {
  let value: unknown = document
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[key]
  }
  return value
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** A partial match on `data`, as the MongoDB backend flattens it into dot paths. */
function matchesData(job: JobParameters, data: unknown): boolean {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return same(job.data, data)
  return Object.entries(data as Record<string, unknown>).every(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)
      ? matchesData({ ...job, data: valueAt(job.data, key) }, value)
      : same(valueAt(job.data, key), value),
  )
}

function toRow(job: JobParameters): Stored {
  const copy: Stored = { ...job }
  delete copy._id
  delete copy.unique
  delete copy.uniqueOpts
  for (const field of dateFields) {
    const value = job[field]
    copy[field] = value ? new Date(value).toISOString() : null
  }
  return copy
}

function fromRow(id: string, json: string): JobParameters & { _id: ReturnType<typeof toJobId> } {
  const stored = JSON.parse(json) as Stored
  const job: Stored = { _id: toJobId(id) }
  for (const [key, value] of Object.entries(stored)) {
    if (value === null && key !== 'nextRunAt') continue
    job[key] = (dateFields as readonly string[]).includes(key) && value !== null ? new Date(value as string) : value
  }
  if (!('nextRunAt' in job)) job.nextRunAt = null
  return job as unknown as JobParameters & { _id: ReturnType<typeof toJobId> }
}

function compareBy(sort: JobsSort) {
  const keys = Object.entries(sort) as [keyof JobsSort, 'asc' | 'desc'][]
  return (a: JobParameters, b: JobParameters) => {
    for (const [key, direction] of keys) {
      const x = key === 'data' ? JSON.stringify(a.data) : (a[key] as unknown)
      const y = key === 'data' ? JSON.stringify(b.data) : (b[key] as unknown)
      // MongoDB sorts null below every value.
      const rank = (v: unknown) => (v === undefined || v === null ? -Infinity : v instanceof Date ? v.getTime() : v)
      const [rx, ry] = [rank(x), rank(y)] as [number | string, number | string]
      if (rx === ry) continue
      const order = rx < ry ? -1 : 1
      return direction === 'asc' ? order : -order
    }
    return 0
  }
}

export interface SqliteJobRepositoryOptions {
  /** A file shared by every scheduler process of the embedded column, or ':memory:' (tests). */
  path: string
  /** The clock for locks and the queue size; agenda passes its own `now` where it has one. */
  now?: () => Date
}

/**
 * agenda's job repository on SQLite. Every change that decides who runs a job (lock, next job to
 * run) is one `BEGIN IMMEDIATE` transaction, so two processes on the same file can never both lock
 * one job: SQLite serialises the writers, and the second sees the first's lock.
 */
export class SqliteJobRepository implements JobRepository {
  private db: Database.Database | undefined
  private readonly now: () => Date

  constructor(private readonly options: SqliteJobRepositoryOptions) {
    this.now = options.now ?? (() => new Date())
  }

  private get database(): Database.Database {
    if (!this.db) throw new Error('the SQLite job repository is not connected')
    return this.db
  }

  connect(): Promise<void> {
    if (this.db) return Promise.resolve()
    const db = new Database(this.options.path)
    db.pragma('journal_mode = WAL')
    db.pragma('busy_timeout = 5000')
    db.exec(`CREATE TABLE IF NOT EXISTS agenda_jobs (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      type TEXT NOT NULL,
      priority INTEGER NOT NULL,
      next_run_at INTEGER,
      locked_at INTEGER,
      disabled INTEGER NOT NULL DEFAULT 0,
      job TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS agenda_jobs_next ON agenda_jobs (name, disabled, locked_at, next_run_at, priority);`)
    this.db = db
    return Promise.resolve()
  }

  disconnect(): Promise<void> {
    this.db?.close()
    this.db = undefined
    return Promise.resolve()
  }

  private all(where = '1 = 1', ...params: unknown[]): (JobParameters & { _id: ReturnType<typeof toJobId> })[] {
    const rows = this.database.prepare(`SELECT id, job FROM agenda_jobs WHERE ${where}`).all(...params) as {
      id: string
      job: string
    }[]
    return rows.map((row) => fromRow(row.id, row.job))
  }

  private one(id: string) {
    return this.all('id = ?', id)[0]
  }

  /** A job just written in the same transaction. */
  private written(id: string) {
    const job = this.one(id)
    if (!job) throw new Error(`job ${id} was written but cannot be read back`)
    return job
  }

  private write(id: string, job: JobParameters): void {
    const stored = toRow(job)
    this.database
      .prepare(
        `INSERT INTO agenda_jobs (id, name, type, priority, next_run_at, locked_at, disabled, job)
         VALUES (@id, @name, @type, @priority, @nextRunAt, @lockedAt, @disabled, @job)
         ON CONFLICT (id) DO UPDATE SET name = @name, type = @type, priority = @priority,
           next_run_at = @nextRunAt, locked_at = @lockedAt, disabled = @disabled, job = @job`,
      )
      .run({
        id,
        name: job.name,
        type: job.type,
        priority: job.priority,
        nextRunAt: job.nextRunAt ? new Date(job.nextRunAt).getTime() : null,
        lockedAt: job.lockedAt ? new Date(job.lockedAt).getTime() : null,
        disabled: job.disabled ? 1 : 0,
        job: JSON.stringify(stored),
      })
  }

  private matching(options: RemoveJobsOptions): JobParameters[] | null {
    const ids = options.id ? [String(options.id)] : options.ids?.map(String)
    const names = options.name ? [options.name] : options.names
    if (!ids?.length && !names?.length && !options.notNames?.length && options.data === undefined) return null
    return this.all().filter(
      (job) =>
        (!ids?.length || ids.includes(String(job._id))) &&
        (!names?.length || names.includes(job.name)) &&
        (options.name !== undefined ||
          names?.length ||
          !options.notNames?.length ||
          !options.notNames.includes(job.name)) &&
        (options.data === undefined || matchesData(job, options.data)),
    )
  }

  queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const { name, names, state, id, ids, search, data, includeDisabled = true, sort, skip = 0, limit = 0 } = options
    const now = this.now()
    const wanted = (job: JobParameters) =>
      (name ? job.name === name : !names?.length || names.includes(job.name)) &&
      (id ? String(job._id) === id : !ids?.length || ids.includes(String(job._id))) &&
      (!search || job.name.toLowerCase().includes(search.toLowerCase())) &&
      (data === undefined || matchesData(job, data)) &&
      (includeDisabled || job.disabled !== true)
    let jobs: JobWithState[] = this.all()
      .filter(wanted)
      .sort(compareBy(sort && Object.keys(sort).length > 0 ? sort : { nextRunAt: 'desc', lastRunAt: 'desc' }))
      .map((job) => ({ ...job, _id: job._id, state: computeJobState(job, now) }))
    if (state) jobs = jobs.filter((job) => (state === 'paused' ? job.disabled === true : job.state === state))
    const total = jobs.length
    return Promise.resolve({ jobs: jobs.slice(skip, limit > 0 ? skip + limit : undefined), total })
  }

  getJobsOverview(): Promise<JobsOverview[]> {
    const now = this.now()
    const byName = new Map<string, JobsOverview>()
    for (const job of this.all()) {
      const overview = byName.get(job.name) ?? {
        name: job.name,
        total: 0,
        running: 0,
        scheduled: 0,
        queued: 0,
        completed: 0,
        failed: 0,
        repeating: 0,
        paused: 0,
      }
      overview.total++
      overview[computeJobState(job, now)]++
      if (job.disabled === true) overview.paused++
      byName.set(job.name, overview)
    }
    return Promise.resolve([...byName.values()])
  }

  getDistinctJobNames(): Promise<string[]> {
    const rows = this.database.prepare('SELECT DISTINCT name FROM agenda_jobs').all() as { name: string }[]
    return Promise.resolve(rows.map((row) => row.name))
  }

  getJobById(id: string): Promise<JobParameters | null> {
    return Promise.resolve(this.one(id) ?? null)
  }

  getQueueSize(): Promise<number> {
    const row = this.database
      .prepare('SELECT COUNT(*) AS n FROM agenda_jobs WHERE next_run_at < ?')
      .get(this.now().getTime()) as { n: number }
    return Promise.resolve(row.n)
  }

  removeJobs(options: RemoveJobsOptions): Promise<number> {
    const jobs = this.matching(options)
    if (!jobs) return Promise.resolve(0)
    const remove = this.database.prepare('DELETE FROM agenda_jobs WHERE id = ?')
    this.database.transaction(() => jobs.forEach((job) => remove.run(String(job._id))))()
    return Promise.resolve(jobs.length)
  }

  private setDisabled(options: RemoveJobsOptions, disabled: boolean): number {
    return this.database.transaction(() => {
      const jobs = (this.matching(options) ?? []).filter((job) => (job.disabled === true) !== disabled)
      for (const job of jobs) this.write(String(job._id), { ...job, disabled })
      return jobs.length
    })()
  }

  disableJobs(options: RemoveJobsOptions): Promise<number> {
    return Promise.resolve(this.setDisabled(options, true))
  }

  enableJobs(options: RemoveJobsOptions): Promise<number> {
    return Promise.resolve(this.setDisabled(options, false))
  }

  purgeAllJobs(): Promise<number> {
    return Promise.resolve(this.database.prepare('DELETE FROM agenda_jobs').run().changes)
  }

  saveJob<DATA = unknown>(
    job: JobParameters<DATA>,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters<DATA>> {
    const { _id, unique, uniqueOpts, ...props } = job
    const fields = { ...props, lastModifiedBy: options?.lastModifiedBy } as JobParameters
    const saved = this.database
      .transaction((): JobParameters => {
        const now = this.now()
        if (_id) {
          const existing = this.one(String(_id))
          // A job removed meanwhile stays removed, as with the MongoDB backend.
          if (!existing || existing.name !== props.name) return job
          this.write(String(_id), { ...existing, ...fields })
          return this.written(String(_id))
        }
        if (props.type === 'single') {
          const existing = this.all('name = ? AND type = ?', props.name, 'single')[0]
          if (existing) {
            // A past nextRunAt of a repeating job is kept as stored, so a restart does not run it again at once.
            const nextRunAt = props.nextRunAt && new Date(props.nextRunAt) <= now ? existing.nextRunAt : props.nextRunAt
            this.write(String(existing._id), { ...existing, ...fields, nextRunAt })
            return this.written(String(existing._id))
          }
        } else if (unique) {
          const existing = this.all('name = ?', props.name).find((stored) =>
            Object.entries(unique).every(([path, value]) => same(valueAt(stored, path), value)),
          )
          if (existing) {
            if (uniqueOpts?.insertOnly && !uniqueOpts.debounce) return existing
            const debounce = uniqueOpts?.debounce
            let nextRunAt = fields.nextRunAt
            let debounceStartedAt: Date | undefined
            if (debounce) {
              debounceStartedAt = existing.debounceStartedAt ?? now
              if (debounce.strategy === 'leading') nextRunAt = existing.nextRunAt
              else if (debounce.maxWait && now.getTime() - debounceStartedAt.getTime() >= debounce.maxWait) {
                nextRunAt = now
                debounceStartedAt = undefined
              } else nextRunAt = new Date(now.getTime() + debounce.delay)
            }
            this.write(String(existing._id), { ...existing, ...fields, nextRunAt, debounceStartedAt })
            return this.written(String(existing._id))
          }
          if (uniqueOpts?.debounce) {
            fields.debounceStartedAt = now
            if (uniqueOpts.debounce.strategy !== 'leading')
              fields.nextRunAt = new Date(now.getTime() + uniqueOpts.debounce.delay)
          }
        }
        const id = randomUUID()
        this.write(id, fields)
        return this.written(id)
      })
      .immediate()
    return Promise.resolve(saved as JobParameters<DATA>)
  }

  saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    if (!job._id) return Promise.reject(new Error('Cannot save job state without job ID'))
    this.database
      .transaction(() => {
        const existing = this.one(String(job._id))
        if (!existing || existing.name !== job.name) {
          throw new Error(
            `job ${job._id} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`,
          )
        }
        const { lockedAt, nextRunAt, lastRunAt, progress, failReason, failCount, failedAt, lastFinishedAt } = job
        this.write(String(job._id), {
          ...existing,
          lockedAt,
          nextRunAt: nextRunAt ?? null,
          lastRunAt,
          progress,
          failReason,
          failCount,
          failedAt,
          lastFinishedAt,
          lastModifiedBy: options?.lastModifiedBy,
        })
      })
      .immediate()
    return Promise.resolve()
  }

  lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    if (!job._id) return Promise.resolve(undefined)
    const locked = this.database
      .transaction(() => {
        const existing = this.one(String(job._id))
        if (!existing || existing.name !== job.name || existing.lockedAt || existing.disabled === true) return undefined
        if ((existing.nextRunAt?.getTime() ?? null) !== (job.nextRunAt ? new Date(job.nextRunAt).getTime() : null))
          return undefined
        this.write(String(job._id), { ...existing, lockedAt: this.now(), lastModifiedBy: options?.lastModifiedBy })
        return this.one(String(job._id))
      })
      .immediate()
    return Promise.resolve(locked)
  }

  unlockJob(job: JobParameters): Promise<void> {
    if (!job._id) return Promise.resolve()
    this.database
      .transaction(() => {
        const existing = this.one(String(job._id))
        // A one-time job that is running has no nextRunAt: it stays locked until it finishes.
        if (existing && existing.nextRunAt !== null) this.write(String(job._id), { ...existing, lockedAt: undefined })
      })
      .immediate()
    return Promise.resolve()
  }

  unlockJobs(jobIds: string[]): Promise<void> {
    this.database
      .transaction(() => {
        for (const id of jobIds) {
          const existing = this.one(id)
          if (existing) this.write(id, { ...existing, lockedAt: undefined })
        }
      })
      .immediate()
    return Promise.resolve()
  }

  getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const next = this.database
      .transaction(() => {
        const row = this.database
          .prepare(
            `SELECT id, job FROM agenda_jobs
           WHERE name = ? AND disabled = 0
             AND ((locked_at IS NULL AND next_run_at <= ?) OR locked_at <= ?)
           ORDER BY next_run_at IS NULL, next_run_at ASC, priority DESC LIMIT 1`,
          )
          .get(jobName, nextScanAt.getTime(), lockDeadline.getTime()) as { id: string; job: string } | undefined
        if (!row) return undefined
        const job = fromRow(row.id, row.job)
        this.write(row.id, { ...job, lockedAt: now ?? this.now(), lastModifiedBy: options?.lastModifiedBy })
        return this.one(row.id)
      })
      .immediate()
    return Promise.resolve(next)
  }
}
