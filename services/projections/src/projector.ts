import type { z } from 'zod'
import type { EventDefinition } from '@reelmates/contracts/events'
import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'

export type ProjectorDb = Pick<ReadStore, 'collection'>

/**
 * A read model: `(event, store) → document updates` in MongoDB's words. The runner feeds it every
 * event of a type it `handles`, in log order, exactly once per position, with `event.data` already
 * validated/upcast and personal fields decrypted (or redacted, for an erased user).
 *
 * `collections` are the collections it owns: a rebuild (triggered by bumping `version`) replays all
 * events into fresh copies of them and swaps them in. `setup` creates indexes.
 *
 * This is the shape the runner drives; projectors are written with `defineProjector`, which types it.
 */
export interface Projector {
  name: string
  version: number
  collections: readonly string[]
  handles: readonly string[]
  setup?: (db: ProjectorDb) => Promise<void>
  project: (event: RecordedEvent, db: ProjectorDb) => Promise<void>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any definition, whatever its schema
type AnyEventDefinition = EventDefinition<string, any>

/** A recorded event of one of the handled definitions, its `type` and `data` narrowed together. */
export type ProjectedEvent<D extends AnyEventDefinition> =
  D extends EventDefinition<infer T, infer S>
    ? Omit<RecordedEvent, 'type' | 'data'> & { type: T; data: z.infer<S> }
    : never

export interface ProjectorDefinition<Ds extends readonly AnyEventDefinition[]> {
  name: string
  version: number
  collections: readonly string[]
  /** The event definitions (from `contracts/`) this read model is built from, never type strings. */
  handles: Ds
  setup?: (db: ProjectorDb) => Promise<void>
  /** `event.data` is typed by the definitions in `handles`; switch on `event.type` to narrow it. */
  project: (event: ProjectedEvent<Ds[number]>, db: ProjectorDb) => Promise<void>
}

/**
 * The one way to write a projector: `handles` names event definitions, so `project` gets typed data
 * and a renamed or removed event type fails to compile instead of silently never arriving.
 */
export function defineProjector<const Ds extends readonly AnyEventDefinition[]>(
  definition: ProjectorDefinition<Ds>,
): Projector {
  return {
    name: definition.name,
    version: definition.version,
    collections: definition.collections,
    handles: definition.handles.map((handled) => handled.type),
    ...(definition.setup ? { setup: definition.setup } : {}),
    // The runner only delivers events of the handled types, already parsed by their definitions.
    project: (event, db) => definition.project(event as ProjectedEvent<Ds[number]>, db),
  }
}
