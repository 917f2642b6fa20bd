import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { defineEvent } from '@reelmates/contracts/events'
import type { EventStore, RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { Collection, Doc, ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from '../projector'
import type { RunnerLogger } from './logger'

/** Runner specs only: small events and projectors that make a double or missed application visible. */
export const TestTitleRated = defineEvent(
  'TestTitleRated',
  z.object({ userId: z.string(), titleId: z.string(), stars: z.number().int().min(0).max(5) }),
  // Version 1 called the stars `score`.
  { version: 2, upcast: (data) => ({ userId: data.userId, titleId: data.titleId, stars: data.score }) },
)
// The name is treated as personal here only to show how an erased user's event reads.
export const TestTitleRenamed = defineEvent('TestTitleRenamed', z.object({ titleId: z.string(), title: z.string() }), {
  personal: { subjectField: 'titleId', fields: ['title'] },
})

export const RATINGS = 'test_user_ratings'

export async function rate(store: EventStore, userId: string, titleId: string, stars: number, schemaVersion = 2) {
  const data = schemaVersion === 1 ? { userId, titleId, score: stars } : { userId, titleId, stars }
  return store.append(`ratings-${userId}`, [
    { id: randomUUID(), type: TestTitleRated.type, data, metadata: metadataOf(schemaVersion) },
  ])
}

export async function rename(store: EventStore, titleId: string, title: string) {
  return store.append(`title-${titleId}`, [
    { id: randomUUID(), type: TestTitleRenamed.type, data: { titleId, title }, metadata: metadataOf(1) },
  ])
}

/** As the personal-data layer hands back an event of an erased user: personal fields null, and flagged. */
export async function renameErased(store: EventStore, titleId: string) {
  return store.append(`title-${titleId}`, [
    {
      id: randomUUID(),
      type: TestTitleRenamed.type,
      data: { titleId, title: null },
      metadata: { ...metadataOf(1), personalDataErased: true },
    },
  ])
}

export async function appendUndefined(store: EventStore) {
  return store.append('mystery-1', [
    { id: randomUUID(), type: 'TestNobodyDefinedThis', data: {}, metadata: metadataOf(1) },
  ])
}

function metadataOf(schemaVersion: number) {
  return {
    correlationId: 'c',
    causationId: 'c',
    actorId: 'user',
    occurredAt: '2026-11-22T08:00:00.000Z',
    schemaVersion,
  }
}

export interface RatingsProjector extends Projector {
  /** Positions handed to `project`, in order, to show what was (not) applied again. */
  seen: bigint[]
  /** Makes `project` wait at this position until `release()`; to look at the store mid-way. */
  holdAt(position: bigint): { reached: Promise<void>; release: () => void }
  /** Makes `project` throw at events whose stars match; `null` heals it. */
  failOnStars: number | null
}

/**
 * One document per user: how many ratings, and the positions they came from (a `$push`, so an
 * event applied twice shows twice). Version 2 also sums the stars.
 */
export function ratingsProjector({ name = 'ratings', version = 1 } = {}): RatingsProjector {
  let hold: { position: bigint; reached: () => void; released: Promise<void> } | undefined
  const projector: RatingsProjector = {
    name,
    version,
    collections: [RATINGS],
    handles: [TestTitleRated.type],
    seen: [],
    failOnStars: null,
    async setup(db) {
      await db.collection(RATINGS).createIndex({ keys: { count: -1 } })
    },
    async project(event, db) {
      projector.seen.push(event.position)
      if (hold && hold.position === event.position) {
        hold.reached()
        await hold.released
      }
      const { userId, stars } = event.data as { userId: string; stars: number }
      if (stars === projector.failOnStars) throw new Error(`cannot take a rating of ${stars}`)
      const update: Record<string, unknown> = { $inc: { count: 1 }, $push: { positions: event.position.toString() } }
      if (version >= 2) update.$inc = { count: 1, totalStars: stars }
      await db.collection(RATINGS).updateOne({ _id: userId }, update, { upsert: true })
    },
    holdAt(position) {
      let reached!: () => void
      let release!: () => void
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      hold = { position, reached, released }
      return { reached: reachedPromise, release }
    },
  }
  return projector
}

/** One document per title with its latest name. */
export const titlesProjector: Projector = {
  name: 'titles',
  version: 1,
  collections: ['test_titles'],
  handles: [TestTitleRenamed.type],
  async project(event, db) {
    const { titleId, title } = event.data as { titleId: string; title: string }
    await db.collection('test_titles').updateOne({ _id: titleId }, { $set: { title } }, { upsert: true })
  },
}

export function capturingLogger(): RunnerLogger & { entries: { level: string; message: string; details: object }[] } {
  const entries: { level: string; message: string; details: object }[] = []
  const at = (level: string) => (details: object, message: string) => entries.push({ level, message, details })
  return { entries, info: at('info'), warn: at('warn'), error: at('error') }
}

export const positionsOf = (events: readonly RecordedEvent[]) => events.map((event) => event.position)

/** A read store's passing failure, as a failover or a dropped connection would raise. */
export class StoreHiccup extends Error {}

/**
 * `store`, failing for a moment when asked: the next `commits` atomic steps throw StoreHiccup at their
 * end (rolled back, as a commit that did not happen), the next `writes` updates throw it at once, and
 * the next `lostAnswers` steps commit and then throw (the answer to a commit that happened was lost:
 * not a passing failure, since trying again would apply the step twice).
 */
export function hiccuppingStore(
  store: ReadStore,
): ReadStore & { fail(next: { commits?: number; writes?: number; lostAnswers?: number }): void } {
  let commits = 0
  let writes = 0
  let lostAnswers = 0
  return {
    collection: <T extends Doc>(name: string) => {
      const collection = store.collection<T>(name)
      return Object.assign(Object.create(collection) as Collection<T>, {
        updateOne: (...args: Parameters<Collection<T>['updateOne']>) => {
          if (writes > 0) {
            writes--
            return Promise.reject(new StoreHiccup('the primary stepped down'))
          }
          return collection.updateOne(...args)
        },
      })
    },
    listCollections: () => store.listCollections(),
    dropCollection: (name) => store.dropCollection(name),
    renameCollection: (from, to) => store.renameCollection(from, to),
    atomically: async (work) => {
      const result = await store.atomically(async () => {
        const answer = await work()
        if (commits > 0) {
          commits--
          throw new StoreHiccup('the connection closed before the commit was sent')
        }
        return answer
      })
      if (lostAnswers > 0) {
        lostAnswers--
        throw new Error('the connection closed before the commit was acknowledged')
      }
      return result
    },
    isTransient: (error) => error instanceof StoreHiccup,
    flush: () => store.flush(),
    close: () => store.close(),
    fail(next) {
      commits += next.commits ?? 0
      writes += next.writes ?? 0
      lostAnswers += next.lostAnswers ?? 0
    },
  }
}
