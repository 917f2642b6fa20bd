import type { EventDefinition } from '@reelmates/contracts/events'
import type { ProjectedEvent } from '../projector'

/**
 * One kind of notification: which events make it, for whom, and how it reads. The notifications read
 * model (the bell) and the web-push reaction both take their notifications from these sources, so a
 * new kind is one new file in `sources/` and one line in `allSources.ts`. See docs/notifications.md.
 */
export interface NotificationDraft {
  /** Who is notified. */
  userId: string
  /** Who did it (shown by their current username), or null (an announcement). */
  actorId: string | null
  /** The in-app address it opens. */
  url: string
  /** What the text needs besides the actor's name (a title, a subject); never another member's personal data. */
  detail: Record<string, string>
  /**
   * Drafts of one group (per user) are one notification that gathers its actors: "Ann and 2 others
   * reacted". Without a group, each event is a notification of its own.
   */
  group?: string
  /**
   * This actor's part of a grouped notification (their emoji, their comment), so that taking it back
   * (`takenBackBy`) takes only it: the actor stays while they have another part in the group.
   */
  part?: string
  /**
   * What this notification belongs to (e.g. `announcement:<id>`, `comment:<id>`): for delivery
   * records, and for the events that take it back (`withdrawnBy`).
   */
  ref?: string
  /** Where it goes; both by default. */
  channels?: { inApp: boolean; push: boolean }
  /**
   * The member whose activity the line is about, when that is not the line's reader: their deleted
   * account takes the activity, its comments and reactions away, and the line with them.
   */
  aboutUserId?: string
  /**
   * The activity the line opens (a comment's, a thread's, a reaction's): while the activities read
   * model has no such activity (its entry removed or made private, its title taken off the
   * watchlist), the bell neither lists nor counts the line; put back, the line is back.
   */
  activityId?: string
}

/** What a text is made of: the actors' names (latest first), how many acted, and the draft's detail. */
export interface NotificationContext {
  actors: readonly string[]
  actorCount: number
  detail: Readonly<Record<string, string>>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any definition, whatever its schema
type AnyDefinition = EventDefinition<string, any>

/** Events that make notifications of a kind untrue: a declined or cancelled request, a deleted comment. */
export interface Withdrawal<W extends AnyDefinition = AnyDefinition> {
  handles: readonly W[]
  /**
   * The notifications the event takes back: whose bell (every bell that has it when not said: the
   * thread of a deleted comment is not on its deletion), and the `ref` their draft carried, or the
   * `group` of a grouped line, whose `ref` is only its latest draft's.
   */
  refs(event: ProjectedEvent<W>): ({ userId?: string } & ({ ref: string } | { group: string }))[]
}

/** Events that take one actor's part back out of a grouped notification: a reaction taken back, a comment deleted. */
export interface TakeBack<T extends AnyDefinition = AnyDefinition> {
  handles: readonly T[]
  /**
   * Which group, whose part and which (as the draft's `group`, `actorId` and `part`), and in whose
   * bell (every bell whose line of the group holds the part when not said: who was told of a comment
   * in a thread is on the comment's add, not on its deletion).
   */
  parts(event: ProjectedEvent<T>): { userId?: string; group: string; actorId: string; part: string }[]
}

export interface NotificationSource<
  D extends AnyDefinition = AnyDefinition,
  W extends AnyDefinition = AnyDefinition,
  T extends AnyDefinition = AnyDefinition,
> {
  kind: string
  handles: readonly D[]
  notify(event: ProjectedEvent<D>): NotificationDraft[]
  /** Taken out of the bell when this happens (a push already sent stays sent). */
  withdrawnBy?: Withdrawal<W>
  /** An actor taken out of a grouped notification when this happens; the notification goes with its last actor. */
  takenBackBy?: TakeBack<T>
  /**
   * Whether a push gathers a group as the bell does (the default: a burst of reactions is one push
   * that the device keeps replacing). False pushes each draft alone: every comment is news of its own.
   */
  groupedInPush?: boolean
  /** The line in the bell. */
  text(context: NotificationContext): string
  /** The push notification's title and body; the title is "Reelmates" and the body the text by default. */
  push?(context: NotificationContext): { title: string; body: string }
}

/** Types the event in `notify` by the definitions in `handles` (and in `withdrawnBy` and `takenBackBy` by their own). */
export const defineNotificationSource = <
  const D extends AnyDefinition,
  const W extends AnyDefinition = never,
  const T extends AnyDefinition = never,
>(
  source: NotificationSource<D, W, T>,
): NotificationSource => source as NotificationSource

/** "Ann", "Ann and Bob", "Ann and 2 others": the actors of a (grouped) notification. */
export function actorsText({ actors, actorCount }: NotificationContext): string {
  const [first = 'Someone', second] = actors
  if (actorCount <= 1) return first
  if (actorCount === 2 && second) return `${first} and ${second}`
  return `${first} and ${actorCount - 1} others`
}

export function pushOf(source: NotificationSource, context: NotificationContext): { title: string; body: string } {
  return source.push?.(context) ?? { title: 'Reelmates', body: source.text(context) }
}
