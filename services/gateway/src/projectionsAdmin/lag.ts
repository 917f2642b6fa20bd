import type { EventStore } from '@reelmates/infra/eventStore/port'

/** Beyond this many events behind, the count says "at least": counting further costs a full read. */
export const LAG_COUNT_CAP = 1_000

export interface Lag {
  events: number
  capped: boolean
  seconds: number
}

/**
 * How far a follower at `checkpoint` is behind: events after it (counted, not subtracted, since
 * positions of the distributed column are byte offsets) and the age of the oldest one waiting.
 * Followers often share a checkpoint, so each distinct one is read once.
 */
export function lagReader(eventStore: EventStore, now: () => Date) {
  const known = new Map<bigint, Promise<Lag>>()
  return (checkpoint: bigint): Promise<Lag> => {
    let lag = known.get(checkpoint)
    if (!lag) {
      lag = (async () => {
        const waiting = await eventStore.readAll({ after: checkpoint, maxCount: LAG_COUNT_CAP + 1 })
        const oldest = waiting[0]
        return {
          events: Math.min(waiting.length, LAG_COUNT_CAP),
          capped: waiting.length > LAG_COUNT_CAP,
          seconds: oldest ? Math.max(0, (now().getTime() - oldest.recordedAt.getTime()) / 1000) : 0,
        }
      })()
      known.set(checkpoint, lag)
    }
    return lag
  }
}
