import { defineQueries } from '../queries'
import { eventIndex, STREAM_PEOPLE, STREAM_TYPES } from './eventIndex'

/** A stream that may hold matching events, and the newest position at which it can. */
export interface CandidateStream {
  streamId: string
  newest: number
}

export interface StreamFilter {
  userId?: string
  type?: string
  stream?: string
}

export const eventIndexQueries = defineQueries([eventIndex], (db) => ({
  /**
   * The streams that can hold events matching the filter, newest first by their newest matching
   * position: reading them in this order lets a page stop as soon as no other stream can beat it.
   */
  async candidateStreams({ userId, type, stream }: StreamFilter): Promise<CandidateStream[]> {
    let streams: string[] | undefined
    if (userId !== undefined) {
      const owned = await db.collection(STREAM_PEOPLE).find({ userId }, { projection: { streamId: 1 } })
      streams = owned.map((doc) => String(doc.streamId))
      if (stream !== undefined) streams = streams.filter((one) => one === stream)
    } else if (stream !== undefined) {
      streams = [stream]
    }
    const filter: Record<string, unknown> = {}
    if (type !== undefined) filter.type = type
    if (streams !== undefined) filter.streamId = { $in: streams }
    const tops = await db.collection(STREAM_TYPES).find(filter, { projection: { streamId: 1, last: 1 } })
    const newest = new Map<string, number>()
    for (const doc of tops) {
      const id = String(doc.streamId)
      newest.set(id, Math.max(newest.get(id) ?? 0, Number(doc.last)))
    }
    return [...newest].map(([streamId, last]) => ({ streamId, newest: last })).sort((a, b) => b.newest - a.newest)
  },
}))
