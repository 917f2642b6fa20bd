/**
 * A realistic product history of a given size for the replay benches, written straight into the
 * embedded event store (`createSqliteBulkAppender`, big transactions) with its personal fields sealed
 * in a real vault, and cached: a second run with the same size and `LOG_VERSION` reuses the files.
 *
 * Members register, befriend their neighbours (a few requests declined or left pending, a few
 * friendships ended), then live through rounds: watchlist adds with notes, note edits, moves and
 * removals; watches with ratings, reviews and private ones, edits and removals; comments (edited,
 * deleted) and reactions on friends' watches and comments; recommendations to friends, accepted or
 * dismissed; feed visits. So every read model of the product has real work to do.
 */
import '@reelmates/contracts/allEvents'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eventDefinition } from '@reelmates/contracts/events'
import { friendshipIdOf } from '@reelmates/contracts/friendships'
import { reactionEmojis } from '@reelmates/contracts/feed'
import type { EventStore, EventToAppend } from '@reelmates/infra/eventStore/port'
import {
  createSqliteBulkAppender,
  createSqliteEventStore,
  type BulkAppend,
} from '@reelmates/infra/eventStore/sqliteEventStore'
import type { PersonalDataVault } from '@reelmates/infra/personalData/port'
import { personalDataSealer, protectPersonalData } from '@reelmates/infra/personalData/protectedEventStore'
import { createSqliteVault } from '@reelmates/infra/personalData/sqliteVault'
import { createEmbeddedReadStore } from '@reelmates/infra/readStore/embeddedReadStore'
import type { ReadStore } from '@reelmates/infra/readStore/port'

/** Bump when the generated history changes: cached logs of another version are built again. */
export const LOG_VERSION = 3
/** The vault's secret for bench logs (a real server reading them is given the same one). */
export const BENCH_PERSONAL_DATA_SECRET = 'bench-replay-personal-data-secret-0123456789'
const EVENTS_PER_MEMBER = 100
const FRIENDS_ASKED = 4
const CHUNK = 20_000
const DAY = 86_400_000

export interface ReplayLog {
  directory: string
  eventsPath: string
  vaultPath: string
  events: number
  members: number
  /** Seconds it took to write, when this run built it (undefined: reused from the cache). */
  builtInSeconds?: number
}

/** A uuid-shaped id, the same in every build: `space` keeps members, entries and the rest apart. */
const idOf = (space: number, n: number) =>
  `${space.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`

/** The log of `total` events, from the cache under the temp directory or built there now. */
export async function replayLog(total: number): Promise<ReplayLog> {
  const directory = join(tmpdir(), 'reelmates-bench-data', `replay-log-v${LOG_VERSION}-${total}`)
  const log = {
    directory,
    eventsPath: join(directory, 'events.db'),
    vaultPath: join(directory, 'personal-data.db'),
    events: total,
    members: membersFor(total),
  }
  const done = join(directory, 'complete.json')
  if (existsSync(done) && (JSON.parse(readFileSync(done, 'utf8')) as { events: number }).events === total) return log
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  const started = performance.now()
  await buildLog(log)
  writeFileSync(done, JSON.stringify({ events: total, version: LOG_VERSION }))
  return { ...log, builtInSeconds: (performance.now() - started) / 1000 }
}

const membersFor = (total: number) => Math.max(FRIENDS_ASKED + 2, Math.floor(total / EVENTS_PER_MEMBER))

async function buildLog({ eventsPath, vaultPath, events: total, members }: ReplayLog): Promise<void> {
  const vault = createSqliteVault({ path: vaultPath, secret: BENCH_PERSONAL_DATA_SECRET, maxCachedKeys: members })
  const seal = personalDataSealer(vault)
  const appender = createSqliteBulkAppender(eventsPath)
  const start = Date.parse('2026-03-01T00:00:00.000Z')
  let written = 0
  let clock = start
  let pending: BulkAppend[] = []
  let pendingCount = 0

  const flush = () => {
    appender.append(pending)
    pending = []
    pendingCount = 0
  }
  /** Appends one event to `streamId` on behalf of `actorId`, a little later than the one before. */
  const put = async (streamId: string, actorId: string, type: string, data: Record<string, unknown>) => {
    if (written >= total) return
    clock += 1_000
    const at = new Date(clock)
    const id = randomUUID()
    const event: EventToAppend = {
      id,
      type,
      data,
      metadata: {
        correlationId: id,
        causationId: id,
        actorId,
        occurredAt: at.toISOString(),
        schemaVersion: eventDefinition(type)?.version ?? 1,
      },
    }
    pending.push({ streamId, events: [await seal(event)], recordedAt: at })
    written++
    if (++pendingCount >= CHUNK) flush()
  }
  const when = () => new Date(clock).toISOString()

  const user = (m: number) => idOf(0, ((m % members) + members) % members)
  const mediaTypeOf = (tmdbId: number) => (tmdbId % 5 === 0 ? 'tv' : 'movie')
  const media = (tmdbId: number) => ({
    title: `Title ${tmdbId}`,
    posterPath: `/poster-${tmdbId}.jpg`,
    releaseDate: `${1970 + (tmdbId % 55)}-0${1 + (tmdbId % 9)}-15`,
    voteAverage: (tmdbId % 90) / 10,
  })

  // Registrations, and a profile filled in by one member in four.
  for (let m = 0; m < members; m++) {
    const userId = user(m)
    await put(`account-${userId}`, userId, 'UserRegistered', {
      userId,
      username: `member${m}`,
      email: `member${m}@example.com`,
      passwordHash: `bench-hash-${m}`,
      location: m % 3 === 0 ? 'Lisbon' : null,
      bio: null,
      invitationToken: null,
      registeredAt: when(),
    })
    if (m % 4 === 0)
      await put(`account-${userId}`, userId, 'ProfileUpdated', { userId, bio: `I watch a lot, says member ${m}` })
  }

  // Each member asks the next few: most accept, some decline, some never answer.
  for (let m = 0; m < members; m++) {
    for (let k = 1; k <= FRIENDS_ASKED; k++) {
      const fromUserId = user(m)
      const toUserId = user(m + k)
      const friendshipId = friendshipIdOf(fromUserId, toUserId)
      const pair = { friendshipId, fromUserId, toUserId }
      const stream = `friendship-${friendshipId}`
      await put(stream, fromUserId, 'FriendRequestSent', {
        ...pair,
        inviteCount: 1,
        sentAt: when(),
        invitationId: null,
      })
      const answer = (m * 7 + k) % 20
      if (answer === 0) await put(stream, toUserId, 'FriendRequestDeclined', { ...pair, declinedAt: when() })
      else if (answer !== 1) await put(stream, toUserId, 'FriendRequestAccepted', { ...pair, acceptedAt: when() })
    }
  }

  const watchlists = Array.from({ length: members }, () => ({ added: 0, present: [] as number[] }))
  const watches = Array.from({ length: members }, () => [] as { entryId: string; tmdbId: number; public: boolean }[])
  const comments = Array.from(
    { length: members },
    () => [] as { commentId: string; activityId: string; owner: number }[],
  )
  let entries = 0
  let commentCount = 0
  let recommendationCount = 0
  const latestPublicWatch = (m: number) => watches[m]?.findLast((watch) => watch.public)

  for (let round = 0; written < total; round++) {
    clock = Math.max(clock, start + (round + 1) * 7 * DAY)
    for (let m = 0; m < members && written < total; m++) {
      const userId = user(m)
      const watchlist = watchlists[m] as { added: number; present: number[] }
      const watchlistStream = `watchlist-${userId}`
      for (let add = 0; add < 3; add++) {
        const tmdbId = 1 + ((m * 37 + watchlist.added++) % 20_000)
        watchlist.present.push(tmdbId)
        await put(watchlistStream, userId, 'TitleAddedToWatchlist', {
          userId,
          tmdbId,
          mediaType: mediaTypeOf(tmdbId),
          note: add === 0 ? `Because member ${m + 1} loved it` : null,
          addedAt: when(),
          media: media(tmdbId),
          streamingOn: tmdbId % 2 === 0 ? [8, 337] : [],
        })
      }
      const newest = watchlist.present.at(-1) as number
      if (round % 2 === 0)
        await put(watchlistStream, userId, 'WatchlistNoteEdited', {
          userId,
          tmdbId: newest,
          mediaType: mediaTypeOf(newest),
          note: `Watch with friends (round ${round})`,
        })
      if (round % 5 === 4)
        await put(watchlistStream, userId, 'WatchlistTitleMoved', {
          userId,
          tmdbId: newest,
          mediaType: mediaTypeOf(newest),
          toIndex: 0,
        })

      const watched = watches[m] as { entryId: string; tmdbId: number; public: boolean }[]
      for (let watch = 0; watch < 2; watch++) {
        // Half the watches are of a title from the watchlist, which then leaves it.
        const fromList = watch === 0 && round % 3 === 0 ? watchlist.present.shift() : undefined
        if (fromList !== undefined)
          await put(watchlistStream, userId, 'TitleRemovedFromWatchlist', {
            userId,
            tmdbId: fromList,
            mediaType: mediaTypeOf(fromList),
          })
        const tmdbId = fromList ?? 1 + ((m * 53 + round * 2 + watch) % 20_000)
        const reviewed = (m + round + watch) % 5 < 2
        const entryId = idOf(1, entries++)
        const isPrivate = (m + round + watch) % 10 === 0
        watched.push({ entryId, tmdbId, public: !isPrivate })
        const watchedAt = when()
        await put(`watched-${userId}`, userId, 'TitleWatched', {
          entryId,
          userId,
          tmdbId,
          mediaType: mediaTypeOf(tmdbId),
          watchedAt,
          watchedOn: watchedAt.slice(0, 10),
          rating: (m + round + watch) % 11 === 0 ? null : 1 + ((m + round * 3 + watch) % 10),
          recommend: watch === 0 ? (m + round) % 3 !== 0 : null,
          review: reviewed ? `Member ${m} thought title ${tmdbId} was worth it` : null,
          containsSpoilers: reviewed && (m + round) % 4 === 0,
          streamingService: tmdbId % 2 === 0 ? 'Netflix' : null,
          isPrivate,
          media: media(tmdbId),
          genreIds: [18 + (tmdbId % 4), 35],
        })
      }
      const last = watched.at(-1)
      if (round % 4 === 1 && last)
        await put(`watched-${userId}`, userId, 'WatchedEntryEdited', {
          entryId: last.entryId,
          userId,
          tmdbId: last.tmdbId,
          mediaType: mediaTypeOf(last.tmdbId),
          watchedAt: when(),
          watchedOn: null,
          rating: 1 + ((m + round) % 10),
          recommend: true,
          review: `On second thought, member ${m} liked it more`,
          containsSpoilers: false,
          streamingService: null,
          isPrivate: false,
        })
      if (round % 4 === 1 && last) last.public = true
      if (round % 10 === 9 && watched.length > 3) {
        const [removed] = watched.splice(0, 1)
        if (removed)
          await put(`watched-${userId}`, userId, 'WatchedEntryRemoved', {
            entryId: removed.entryId,
            userId,
            tmdbId: removed.tmdbId,
            mediaType: mediaTypeOf(removed.tmdbId),
          })
      }

      // A comment and reactions on a friend's latest public watch, and a reaction on a comment.
      const friend = (m + 1) % members
      const target = latestPublicWatch(friend)
      if (target) {
        const activityId = `watched:${target.entryId}`
        const onActivity = { activityId, activityOwnerId: user(friend) }
        const stream = `activity-${activityId}`
        const commentId = idOf(3, commentCount++)
        await put(stream, userId, 'CommentAdded', {
          ...onActivity,
          commentId,
          userId,
          content: `Great pick, member ${friend}! (from member ${m})`,
          addedAt: when(),
        })
        const mine = comments[m] as { commentId: string; activityId: string; owner: number }[]
        mine.push({ commentId, activityId, owner: friend })
        const emoji = reactionEmojis[round % reactionEmojis.length]
        await put(stream, userId, 'ReactionAdded', {
          ...onActivity,
          commentId: null,
          commentAuthorId: null,
          userId,
          emoji,
          reactedAt: when(),
        })
        if (round % 6 === 5)
          await put(stream, userId, 'ReactionRemoved', {
            ...onActivity,
            commentId: null,
            commentAuthorId: null,
            userId,
            emoji,
            removedAt: when(),
          })
        // The friend's own comment from last round gets a reaction from the activity's owner side.
        const theirs = comments[friend]?.at(-1)
        if (theirs && round % 2 === 1)
          await put(`activity-${theirs.activityId}`, userId, 'ReactionAdded', {
            activityId: theirs.activityId,
            activityOwnerId: user(theirs.owner),
            commentId: theirs.commentId,
            commentAuthorId: user(friend),
            userId,
            emoji: reactionEmojis[(round + 2) % reactionEmojis.length],
            reactedAt: when(),
          })
      }
      const older = comments[m]?.at(-2)
      if (older && round % 3 === 2) {
        const onActivity = { activityId: older.activityId, activityOwnerId: user(older.owner) }
        if (round % 2 === 0)
          await put(`activity-${older.activityId}`, userId, 'CommentEdited', {
            ...onActivity,
            commentId: older.commentId,
            userId,
            content: `Edited: still a great pick (member ${m})`,
            editedAt: when(),
          })
        else
          await put(`activity-${older.activityId}`, userId, 'CommentDeleted', {
            ...onActivity,
            commentId: older.commentId,
            userId,
            deletedBy: userId,
            deletedAt: when(),
          })
      }

      // A recommendation to a friend every third round, answered by them the round after.
      if (round % 3 === 0 && last) {
        const toUserId = user(m + 2)
        const recommendationId = idOf(2, recommendationCount++)
        const about = {
          recommendationId,
          fromUserId: userId,
          toUserId,
          tmdbId: last.tmdbId,
          mediaType: mediaTypeOf(last.tmdbId),
          mediaTitle: `Title ${last.tmdbId}`,
          mediaPosterPath: `/poster-${last.tmdbId}.jpg`,
        }
        const stream = `recommendations-${userId}`
        await put(stream, userId, 'RecommendationSent', {
          ...about,
          toEmail: null,
          note: `You will love this one, from member ${m}`,
          tokenHash: null,
          expiresAt: null,
          sentAt: when(),
        })
        if (m % 3 !== 2)
          await put(stream, toUserId, m % 3 === 0 ? 'RecommendationAccepted' : 'RecommendationDismissed', {
            ...about,
            ...(m % 3 === 0 ? { acceptedAt: when() } : { dismissedAt: when() }),
          })
      }
      if (round % 2 === 0) await put(`feedVisits-${userId}`, userId, 'FeedVisited', { userId, visitedAt: when() })
      // Now and then a friendship ends.
      if (round === 6 && m % 20 === 0 && (m * 7 + 1) % 20 > 1) {
        const otherUserId = user(m + 1)
        await put(`friendship-${friendshipIdOf(userId, otherUserId)}`, userId, 'FriendRemoved', {
          friendshipId: friendshipIdOf(userId, otherUserId),
          byUserId: userId,
          otherUserId,
          removedAt: when(),
        })
      }
    }
  }
  flush()
  appender.close()
  await vault.close()
}

/** A server's data directory holding a copy of the cached log and vault, opened as a server opens them. */
export interface ReplayCopy {
  dataDir: string
  eventStore: EventStore
  vault: PersonalDataVault
  /** The embedded read store, empty, with its snapshot file in `dataDir`. */
  readStore: ReadStore
  close(): Promise<void>
}

export async function openReplayCopy(log: ReplayLog, prefix: string): Promise<ReplayCopy> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  copyFileSync(log.eventsPath, join(dataDir, 'events.db'))
  copyFileSync(log.vaultPath, join(dataDir, 'personal-data.db'))
  const rawEventStore = createSqliteEventStore({ path: join(dataDir, 'events.db') })
  const vault = createSqliteVault({ path: join(dataDir, 'personal-data.db'), secret: BENCH_PERSONAL_DATA_SECRET })
  const eventStore = protectPersonalData(rawEventStore, vault)
  const readStore = await createEmbeddedReadStore({ snapshotPath: join(dataDir, 'read-models.db') })
  return {
    dataDir,
    eventStore,
    vault,
    readStore,
    async close() {
      await readStore.close()
      await eventStore.close()
      await vault.close()
    },
  }
}
