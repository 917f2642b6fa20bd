import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'

/**
 * A read model: `(event, store) → document updates` in MongoDB's words. The runner feeds it every
 * event of a type it `handles`, in log order, exactly once per position, with `event.data` already
 * validated/upcast and personal fields decrypted (or redacted, for an erased user).
 *
 * `collections` are the collections it owns: a rebuild (triggered by bumping `version`) replays all
 * events into fresh copies of them and swaps them in. `setup` creates indexes.
 */
export interface Projector {
  name: string
  version: number
  collections: readonly string[]
  handles: readonly string[]
  setup?: (db: Pick<ReadStore, 'collection'>) => Promise<void>
  project: (event: RecordedEvent, db: Pick<ReadStore, 'collection'>) => Promise<void>
}
