// Counts activity of every event type: all of them must be registered before `handles` is read.
import '@reelmates/contracts/allEvents'
import { allEventDefinitions } from '@reelmates/contracts/events'
import { defineProjector, type ProjectorDb } from '../projector'
import { isMemberActor, type RecordedEvent } from '@reelmates/infra/eventStore/port'

export const ANALYTICS_DAYS = 'analytics_days'
export const ANALYTICS_ACTIVE_USERS = 'analytics_active_users'
export const ANALYTICS_TITLE_DAYS = 'analytics_title_days'

/** The UTC day a fact happened on, as `YYYY-MM-DD`. */
export const dayOf = (iso: string): string => iso.slice(0, 10)

/**
 * Per-day counters, keyed by the event type that moves them (one `RecommendationSent` per recipient).
 * Mails sent and failed count the `MailSent`/`MailFailed` facts the scheduler records for each mail
 * it hands to the mailer (contracts/src/mailSends.ts).
 */
export const dailyCounters: Readonly<Record<string, string>> = {
  UserRegistered: 'signUps',
  TitleWatched: 'watches',
  RecommendationSent: 'recommendationsSent',
  RecommendationAccepted: 'recommendationsAccepted',
  MailSent: 'mailsSent',
  MailFailed: 'mailsFailed',
}

/** The counters some event type moves; the others are series still waiting for their events. */
export const recordedCounters: ReadonlySet<string> = new Set(Object.values(dailyCounters))

interface TitleFacts {
  userId: string
  tmdbId: number
  mediaType: string
  media: { title: string }
}

const titleCounters: Readonly<Record<string, string>> = {
  TitleWatched: 'watched',
  TitleAddedToWatchlist: 'watchlisted',
}

/**
 * The admin's analytics: per-day counters, who was active on which day (DAU and WAU are counted
 * from these at query time), and who watched or watchlisted which title on which day (most watched
 * and most watchlisted count the people at query time: one member adding and removing a title
 * a hundred times is one person, not a hundred).
 * Counting with `$inc` is safe because the runner stores each batch's updates and its checkpoint in
 * one atomic step, so an event is never applied twice.
 */
export const analytics = defineProjector({
  name: 'analytics',
  // 6: titles keep who watched or watchlisted them on a day, not a count of events.
  version: 6,
  collections: [ANALYTICS_DAYS, ANALYTICS_ACTIVE_USERS, ANALYTICS_TITLE_DAYS],
  handles: allEventDefinitions(),

  async setup(db) {
    await db.collection(ANALYTICS_ACTIVE_USERS).createIndex({ keys: { day: 1 } })
    await db.collection(ANALYTICS_TITLE_DAYS).createIndex({ keys: { day: 1 } })
  },

  async project(event, db) {
    const day = dayOf(event.metadata.occurredAt)
    const counter = dailyCounters[event.type]
    if (counter) {
      await db.collection(ANALYTICS_DAYS).updateOne({ _id: day }, { $inc: { [counter]: 1 } }, { upsert: true })
    }
    await countTitle(event, day, db)
    const actor = event.metadata.actorId
    // Only members count as active: not the system's own events (erasures, reactions), the
    // scheduler's, the role CLI's, nor a visitor's (a password reset asked for while signed out).
    // A member who later deleted their account was active all the same: their events read back
    // erased on a rebuild, and leaving those out lowered the days they had already been counted on.
    if (isMemberActor(actor)) {
      await db
        .collection(ANALYTICS_ACTIVE_USERS)
        .updateOne({ _id: `${day}\n${actor}` }, { $setOnInsert: { day, userId: actor } }, { upsert: true })
    }
  },
})

async function countTitle(event: RecordedEvent, day: string, db: ProjectorDb): Promise<void> {
  const kind = titleCounters[event.type]
  if (!kind) return
  const { userId, tmdbId, mediaType, media } = event.data as unknown as TitleFacts
  await db
    .collection(ANALYTICS_TITLE_DAYS)
    .updateOne(
      { _id: `${day}\n${kind}\n${mediaType}\n${tmdbId}\n${userId}` },
      { $set: { day, kind, tmdbId, mediaType, userId, title: media.title } },
      { upsert: true },
    )
}
