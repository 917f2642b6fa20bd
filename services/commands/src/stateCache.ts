import type { EventStore } from '@reelmates/infra/eventStore/port'

/** A stream's state folded up to (and including) `revision`. */
export interface CachedState<State> {
  state: State
  revision: number
}

/**
 * Folded states of the streams commands touched last, so that a command folds only the events
 * appended since (read with `fromRevision`) instead of a user's whole history.
 *
 * It is safe to share between requests because every decider's `evolve` returns a new state instead
 * of changing the one it is given, and because a cached state is only ever a prefix of the stream:
 * whatever another process appended is read after it, and the append's expected revision still
 * guards every decision. Bounded (least recently used first out), so a process holds at most
 * `maxStreams` states in memory.
 */
export interface StateCache {
  get<State>(decider: object, streamId: string): CachedState<State> | undefined
  /** Keeps `entry` unless the cache already holds a later revision of the same stream. */
  set<State>(decider: object, streamId: string, entry: CachedState<State>): void
  size(): number
}

export const DEFAULT_CACHED_STREAMS = 2_000

interface Entry {
  decider: object
  state: unknown
  revision: number
}

export function createStateCache(maxStreams = DEFAULT_CACHED_STREAMS): StateCache {
  const entries = new Map<string, Entry>()
  return {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller's decider fixes State
    get<State>(decider: object, streamId: string) {
      const entry = entries.get(streamId)
      // The same stream folded by another decider is another state; for this decider it is `State`.
      if (!entry || entry.decider !== decider) return undefined
      entries.delete(streamId)
      entries.set(streamId, entry)
      return { state: entry.state as State, revision: entry.revision }
    },
    set(decider, streamId, { state, revision }) {
      const current = entries.get(streamId)
      if (current && current.decider === decider && current.revision >= revision) return
      entries.delete(streamId)
      entries.set(streamId, { decider, state, revision })
      if (entries.size > maxStreams) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
    },
    size: () => entries.size,
  }
}

const cachesByStore = new WeakMap<EventStore, StateCache>()

/** One cache per event store: every command written through the same store shares it. */
export function stateCacheOf(eventStore: EventStore): StateCache {
  let cache = cachesByStore.get(eventStore)
  if (!cache) {
    cache = createStateCache()
    cachesByStore.set(eventStore, cache)
  }
  return cache
}
