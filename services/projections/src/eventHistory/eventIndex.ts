// Indexes every event type there is: all of them must be registered before `handles` is read.
import '@reelmates/contracts/allEvents'
import { allEventDefinitions } from '@reelmates/contracts/events'
import { namesPerson } from '@reelmates/contracts/eventHistory'
import { isMemberActor, type RecordedEvent } from '@reelmates/infra/eventStore/port'
import { defineProjector } from '../projector'

export const STREAM_PEOPLE = 'event_index_stream_people'
export const STREAM_TYPES = 'event_index_stream_types'

/**
 * The people an event concerns: who caused it, and everyone its data names as a user (`userId`,
 * `...UserId`, `...UserIds` and the others `namesPerson` knows). A stream belongs to everyone any of its events
 * concerns.
 */
export function peopleOf(event: Pick<RecordedEvent, 'data' | 'metadata'>): string[] {
  const people = new Set<string>()
  const actor = event.metadata.actorId
  if (isMemberActor(actor)) people.add(actor)
  for (const [field, value] of Object.entries(event.data)) {
    if (!namesPerson(field)) continue
    if (typeof value === 'string' && value !== '') people.add(value)
    else if (Array.isArray(value)) for (const one of value) if (typeof one === 'string' && one !== '') people.add(one)
  }
  return [...people]
}

/**
 * The index behind the event history's filters by person and by type, which the event-store port
 * cannot answer: which streams concern a person, and for each stream and type the newest position.
 * It holds one document per (stream, person) and per (stream, type), never one per event, so it
 * stays small beside a log of millions; the events themselves are read from their streams.
 * Positions are kept as numbers so they sort (both columns' positions stay below 2^53).
 */
export const eventIndex = defineProjector({
  name: 'event_index',
  // 3: comments and reactions also concern the activity's owner and the comment's author, announcements their
  // recipients (`otherPersonFields`).
  version: 3,
  collections: [STREAM_PEOPLE, STREAM_TYPES],
  handles: allEventDefinitions(),

  async setup(db) {
    await db.collection(STREAM_PEOPLE).createIndex({ keys: { userId: 1 } })
    await db.collection(STREAM_TYPES).createIndex({ keys: { streamId: 1 } })
    // Not on `last`: it changes with every event, and keeping an index of it in order costs more than
    // sorting the few streams of one type at query time.
    await db.collection(STREAM_TYPES).createIndex({ keys: { type: 1 } })
  },

  async project(event, db) {
    const position = Number(event.position)
    await db
      .collection(STREAM_TYPES)
      .updateOne(
        { _id: `${event.streamId}\n${event.type}` },
        { $setOnInsert: { streamId: event.streamId, type: event.type }, $max: { last: position } },
        { upsert: true },
      )
    for (const userId of peopleOf(event)) {
      const _id = `${event.streamId}\n${userId}`
      // Nearly every event names people its stream already belongs to: a read is cheaper than a write.
      if (await db.collection(STREAM_PEOPLE).findOne({ _id }, { projection: { _id: 1 } })) continue
      await db
        .collection(STREAM_PEOPLE)
        .updateOne({ _id }, { $setOnInsert: { streamId: event.streamId, userId, since: position } }, { upsert: true })
    }
  },
})
