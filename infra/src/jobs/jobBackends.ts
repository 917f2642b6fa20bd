import { MongoBackend, MongoJobRepository } from '@agendajs/mongo-backend'
import type { AgendaBackend, JobParameters, JobRepositoryOptions } from 'agenda'
import { MongoClient, type Collection, type Db } from 'mongodb'
import { oneRecordPerSingleJob, saveSingleJob } from './mongoSingleJobs'
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
  // Repeating jobs are saved by `saveSingleJob`, on a unique index (mongoSingleJobs.ts says why).
  // Connected once: agenda's constructor connects the backend again, without catching, and a store
  // failing at that moment was then an unhandled rejection (which ends a Node process).
  let connected: Promise<void> | undefined
  backend.connect = () =>
    (connected ??= (async () => {
      await connect()
      await oneRecordPerSingleJob(repository.collection as unknown as Collection)
    })().catch((error: unknown) => {
      connected = undefined
      throw error
    }))
  repository.saveJob = <DATA>(job: JobParameters<DATA>, options: JobRepositoryOptions | undefined) =>
    job.type === 'single' && job._id === undefined ? saveSingleJob(repository, job, options) : saveJob(job, options)
  return backend
}

/** agenda's MongoDB backend on its own client to `url`/`dbName`, closed when agenda stops. */
export function mongoJobBackendAt(target: { url: string; dbName: string }): AgendaBackend {
  const client = new MongoClient(target.url)
  const backend = mongoJobBackend(client.db(target.dbName))
  let connected: Promise<void> | undefined
  return {
    name: backend.name,
    repository: backend.repository,
    logger: backend.logger,
    ownsConnection: true,
    // Once, as above: agenda's constructor connects again without catching.
    connect() {
      connected ??= (async () => {
        await client.connect()
        await backend.connect()
      })().catch((error: unknown) => {
        connected = undefined
        throw error
      })
      return connected
    },
    async disconnect() {
      connected = undefined
      await backend.disconnect()
      await client.close()
    },
  }
}
