import { MongoBackend } from '@agendajs/mongo-backend'
import type { AgendaBackend } from 'agenda'
import { MongoClient, type Db } from 'mongodb'
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
  return new MongoBackend({ mongo: db, collection })
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
