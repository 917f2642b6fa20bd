import type { Doc } from '@reelmates/infra/readStore/port'
import type { ProjectorDb } from '../projector'

/**
 * The order of the feed, kept beside the activities: one document per owner (`own:<userId>`, their
 * activities for their friends) and per audience member (`aud:<userId>`, activities shown to named
 * members only), each holding its entries newest first as one string of `createdAt\tid\townerId` lines.
 *
 * Why: the embedded read store's indexes answer equality, not order, so "the newest 20 of my 200
 * friends' 10,000 activities" through the `activities` collection means touching all 10,000 on every
 * page. With these, a page reads one small document per friend by id, merges already-sorted lists,
 * and then reads just the 20 activities it shows.
 */
export const timelinesCollection = 'activity_timelines'

export interface TimelineEntry {
  createdAt: string
  id: string
  ownerId: string
}

interface TimelineDoc extends Doc {
  entries: string
}

/** What an activity's place in the timelines depends on. */
export interface Placed {
  _id: string
  userId: string
  createdAt: string
  audience: string[] | null
}

export const ownTimeline = (userId: string) => `own:${userId}`
export const audienceTimeline = (userId: string) => `aud:${userId}`
const timelinesOf = (activity: Placed) =>
  activity.audience === null ? [ownTimeline(activity.userId)] : activity.audience.map(audienceTimeline)

/** Newest first; the id breaks ties, as the feed's cursor does. */
export const newerFirst = (a: TimelineEntry, b: TimelineEntry) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1

function entryOf(line: string): TimelineEntry {
  const [createdAt = '', id = '', ownerId = ''] = line.split('\t')
  return { createdAt, id, ownerId }
}

export function parseTimeline(entries: string): TimelineEntry[] {
  return entries === '' ? [] : entries.split('\n').map(entryOf)
}

/**
 * Reads a timeline from its newest entry on, line by line, without parsing the rest: skips entries
 * until `from` accepts one, then hands each to `take` until it answers false. A feed page or an
 * unread count needs the first few lines of each timeline, not the thousands below them.
 */
export function walkTimeline(
  entries: string,
  from: (entry: TimelineEntry) => boolean,
  take: (entry: TimelineEntry) => boolean,
): void {
  let started = false
  for (let at = 0; at < entries.length;) {
    const end = entries.indexOf('\n', at)
    const entry = entryOf(entries.slice(at, end === -1 ? undefined : end))
    at = end === -1 ? entries.length : end + 1
    if (!started && !(started = from(entry))) continue
    if (!take(entry)) return
  }
}

const format = (entries: readonly TimelineEntry[]) =>
  entries.map((entry) => `${entry.createdAt}\t${entry.id}\t${entry.ownerId}`).join('\n')

async function rewrite(db: ProjectorDb, key: string, change: (entries: TimelineEntry[]) => TimelineEntry[]) {
  const timelines = db.collection<TimelineDoc>(timelinesCollection)
  const doc = await timelines.findOne({ _id: key })
  const entries = change(parseTimeline(doc?.entries ?? ''))
  if (entries.length === 0) await timelines.deleteOne({ _id: key })
  else await timelines.replaceOne({ _id: key }, { _id: key, entries: format(entries) }, { upsert: true })
}

/** Puts (or moves) an activity into its timelines. Idempotent. */
export async function placeInTimelines(db: ProjectorDb, activity: Placed): Promise<void> {
  const entry = { createdAt: activity.createdAt, id: activity._id, ownerId: activity.userId }
  const timelines = db.collection<TimelineDoc>(timelinesCollection)
  for (const key of timelinesOf(activity)) {
    // Nearly every new activity is the newest of its timeline: it goes on top without parsing the rest.
    const doc = await timelines.findOne({ _id: key })
    const [first] = doc ? parseTimeline(firstLineOf(doc.entries)) : []
    if (doc && first && newerFirst(entry, first) < 0 && !holds(doc.entries, entry.id)) {
      await timelines.updateOne({ _id: key }, { $set: { entries: `${format([entry])}\n${doc.entries}` } })
      continue
    }
    await rewrite(db, key, (entries) => [...entries.filter((one) => one.id !== entry.id), entry].sort(newerFirst))
  }
}

const firstLineOf = (entries: string) => {
  const end = entries.indexOf('\n')
  return end === -1 ? entries : entries.slice(0, end)
}

/** Whether a timeline has a line for activity `id` (ids hold no tab or newline). */
const holds = (entries: string, id: string) => entries.includes(`\t${id}\t`)

export async function removeFromTimelines(db: ProjectorDb, activity: Placed): Promise<void> {
  for (const key of timelinesOf(activity))
    await rewrite(db, key, (entries) => entries.filter((one) => one.id !== activity._id))
}

/** A deleted account's own and audience timelines. */
export async function dropTimelinesOf(db: ProjectorDb, userId: string): Promise<void> {
  await db.collection(timelinesCollection).deleteMany({ _id: { $in: [ownTimeline(userId), audienceTimeline(userId)] } })
}
