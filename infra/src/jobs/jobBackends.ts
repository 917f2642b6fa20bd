import { MongoBackend, MongoJobRepository } from '@agendajs/mongo-backend'
import type { AgendaBackend, JobParameters, JobRepositoryOptions } from 'agenda'
import { MongoClient, MongoServerError, type Db } from 'mongodb'
import { SqliteJobRepository, type SqliteJobRepositoryOptions } from './sqliteJobRepository'

/** agenda's storage in the embedded column: one SQLite file that every scheduler process opens. */
export function sqliteJobBackend(options: SqliteJobRepositoryOptions): AgendaBackend {
  const repository = new SqliteJobRepository(options)
  return {
    name: 'SQLite',
    repository,
    ownsConnection: true,
    connect: () => repository.connect(),
    disconnect: () => repository.disconnect(),
  }
}

/** agenda's storage in the distributed column: its own MongoDB backend, on the read store's database. */
export function mongoJobBackend(db: Db, collection = 'agenda_jobs'): AgendaBackend {
  const backend = new MongoBackend({ mongo: db, collection })
  const repository = backend.repository
  // The backend builds a MongoJobRepository, typed only as agenda's JobRepository.
  if (!(repository instanceof MongoJobRepository)) throw new Error('agenda’s MongoDB backend changed its repository')
  const connect = backend.connect.bind(backend)
  const saveJob = repository.saveJob.bind(repository)
  // Two fixes to agenda's MongoDB backend (4.0.3) for repeating jobs, which every scheduler process
  // declares (agenda.every) as it starts:
  // - its upsert by name has no unique index behind it, and MongoDB may insert twice when two upserts
  //   race, leaving two records of one job that then each run: a unique partial index makes the
  //   second insert fail, and that save is tried again, now finding the record;
  // - it $sets every field the processor manages to null, so a process starting cleared the lock of
  //   the run in progress (letting another process start it again) and the failure the admin reads:
  //   those fields are carried over from the stored record.
  backend.connect = async () => {
    await connect()
    await repository.collection.createIndex(
      { name: 1, type: 1 },
      { name: 'one_record_per_single_job', unique: true, partialFilterExpression: { type: 'single' } },
    )
  }
  repository.saveJob = async <DATA>(job: JobParameters<DATA>, options: JobRepositoryOptions | undefined) => {
    if (job.type !== 'single' || job._id !== undefined) return saveJob(job, options)
    const save = async () => {
      const stored = await repository.collection.findOne({ name: job.name, type: 'single' })
      return saveJob<DATA>({ ...job, ...processorFields(stored) }, options)
    }
    try {
      return await save()
    } catch (error) {
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return save()
      throw error
    }
  }
  return backend
}

const DUPLICATE_KEY = 11000

/** agenda's Job.PROCESSOR_MANAGED_FIELDS, which its own saves leave out. */
const fields = ['lockedAt', 'lastRunAt', 'lastFinishedAt', 'failedAt', 'failCount', 'failReason', 'progress'] as const
type ProcessorField = (typeof fields)[number]

/** What agenda's processor wrote on a stored job (a lock, the last run, failures), where set. */
function processorFields(stored: Record<string, unknown> | null): Partial<Pick<JobParameters, ProcessorField>> {
  if (stored === null) return {}
  return Object.fromEntries(
    fields
      .filter((field) => stored[field] !== null && stored[field] !== undefined)
      .map((field) => [field, stored[field]]),
  )
}

/** agenda's MongoDB backend on its own client to `url`/`dbName`, closed when agenda stops. */
export function mongoJobBackendAt(target: { url: string; dbName: string }): AgendaBackend {
  const client = new MongoClient(target.url)
  const backend = mongoJobBackend(client.db(target.dbName))
  return {
    name: backend.name,
    repository: backend.repository,
    logger: backend.logger,
    ownsConnection: true,
    async connect() {
      await client.connect()
      await backend.connect()
    },
    async disconnect() {
      await backend.disconnect()
      await client.close()
    },
  }
}
