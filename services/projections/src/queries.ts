import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from './projector'

export type QueryDb = Pick<ReadStore, 'collection'>

/**
 * The typed reads of one read-model folder, and the read models (projector names) they read, so a
 * route that uses them waits (read-your-writes) only for those. The folder's queries module is the
 * only place outside its projector that names its collections.
 */
export interface ReadModelQueries<Q> {
  (db: QueryDb): Q
  readonly readModels: readonly string[]
}

export function defineQueries<Q>(readModels: readonly Projector[], build: (db: QueryDb) => Q): ReadModelQueries<Q> {
  return Object.assign((db: QueryDb) => build(db), { readModels: readModels.map((projector) => projector.name) })
}

/** One page of a list, as the API answers it. */
export interface Page<T> {
  items: T[]
  page: number
  pageSize: number
  total: number
}
export interface PageOptions {
  page: number
  pageSize: number
}
