import type { RecordedEvent } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from '../projector'
import type { EventParser } from './eventParser'
import type { ProjectorDb } from './renamedView'

export interface ProjectorFailure {
  position: bigint
  error: unknown
}

export interface BatchInput {
  store: ReadStore
  projector: Projector
  db: ProjectorDb
  parse: EventParser
  events: readonly RecordedEvent[]
  /** The projector's last applied position: anything at or below it was applied already. */
  from: bigint
  /** Stored in the same atomic step as the updates (the live checkpoint); absent during a rebuild. */
  saveProgress?: (position: bigint) => Promise<void>
  /** Runs last in the atomic step; throwing (a lost lease) rolls the whole step back. */
  guard?: () => Promise<void>
}

class ProjectorThrew extends Error {
  constructor(readonly failure: ProjectorFailure) {
    super('projector threw')
  }
}

/**
 * Applies the events after `from` to one projector, in one atomic step of the read store together
 * with its progress. A projector that throws stops at that event, and that event leaves no trace:
 * the step is rolled back and the events before it are applied again on their own, so the stored
 * progress says exactly what the documents hold.
 */
export async function applyBatch(input: BatchInput): Promise<{ position: bigint; failure?: ProjectorFailure }> {
  try {
    return { position: await applyUpTo(input, undefined) }
  } catch (error) {
    // Not the projector's fault, and thrown to the caller: the runner is no longer the one to write
    // (LeaseLost: it stops), or the store failed (the caller tries the batch again, from what the
    // store holds).
    if (!(error instanceof ProjectorThrew)) throw error
    const { failure } = error
    try {
      return { position: await applyUpTo(input, failure.position), failure }
    } catch (again) {
      if (!(again instanceof ProjectorThrew)) throw again
      // A projector that throws somewhere else on the second pass is not deterministic; keep nothing.
      return { position: input.from, failure: again.failure }
    }
  }
}

/** Applies the new events strictly before `stopAt` (all when undefined); answers the position reached. */
async function applyUpTo(
  { store, projector, db, parse, events, from, saveProgress, guard }: BatchInput,
  stopAt: bigint | undefined,
): Promise<bigint> {
  const handles = new Set(projector.handles)
  return store.atomically(async () => {
    let applied = from
    for (const event of events) {
      if (event.position <= applied) continue
      if (stopAt !== undefined && event.position >= stopAt) break
      if (handles.has(event.type)) {
        try {
          const current = parse(event)
          if (current) await projector.project(current, db)
        } catch (error) {
          // Unwrapped, so that a transaction the store can run again is run again.
          if (store.isTransient(error)) throw error
          throw new ProjectorThrew({ position: event.position, error })
        }
      }
      applied = event.position
    }
    if (saveProgress && applied > from) await saveProgress(applied)
    await guard?.()
    return applied
  })
}
