import type { EventStore } from '@reelmates/infra/eventStore/port'
import { holdLease, type HeldLease } from '@reelmates/infra/leases/holdLease'
import type { LeaseStore } from '@reelmates/infra/leases/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { accountMembers } from '@reelmates/commands/friendship/members'
import type { Mailer } from '@reelmates/infra/mail/port'
import { ACCOUNT_ERASURE, accountErasure } from './erasure/accountErasure'
import { allMails } from './mail/allMails'
import { emailTemplates } from './mail/emailTemplates'
import { MAILS, mailReaction } from './mail/mailReaction'
import type { ErasureTargets } from './erasure/eraseAccountData'
import { startReactor, type Reaction, type ReactorLogger, type RunningReactor } from './reactor'
import { leaseCheckpoint } from './reactorCheckpoint'
import { RECOMMENDATION_WATCHED, recommendationWatched } from './recommendations/recommendationWatched'
import { SUSPENDED_SESSIONS, suspendedSessions } from './suspension/suspendedSessions'
import {
  ANNOUNCEMENT_MAIL,
  announcementMailReaction,
  type AnnouncementMailTargets,
} from './notifications/announcementMail'
import { WEB_PUSH, webPushReaction, type WebPushTargets } from './notifications/webPush'
import { reactorStatuses, type ReactorStatus } from './reactorStatus'
import type { AgendaBackend } from 'agenda'
import { allTimedJobs } from './jobs/allTimedJobs'
import { startTimedJobs } from './jobs/timedJobs'
import { CAMPAIGN_ENTRIES, campaignEntries } from './campaigns/campaignEntries'
import { INVITATION_CLAIMS, invitationClaims } from './friends/invitationClaims'
import { recordedSends } from './mail/recordedSends'
import type { StreamingCatalog } from './digests/streamingNews'
import { createOfflineCatalog } from '@reelmates/infra/catalog/offline/offlineCatalog'

export { eraseAccountData, type ErasureTargets } from './erasure/eraseAccountData'
export type { Reaction } from './reactor'
export type { ReactorStatus } from './reactorStatus'

export interface ReactionsDependencies {
  /** The log as stored: followed for event types and positions, with no personal field decrypted. */
  storedLog: EventStore
  /** Where failing reactions are set aside. */
  readStore: ReadStore
  logger: ReactorLogger & { info(details: object, message: string): void }
  /** Each reaction runs in the one process holding its lease (`reactor:<name>`). */
  leases: LeaseStore
  /** This process, in the leases. */
  owner: string
  leaseTiming: { ttlMs: number; renewIntervalMs: number }
}

export type SchedulerDependencies = ErasureTargets &
  ReactionsDependencies &
  NotificationTargets & {
    mailer: Mailer
    /** The web app's address, for the links in mails. */
    publicUrl: string
    /** agenda's job store, shared by every scheduler process (connected by the caller). */
    jobBackend: AgendaBackend
    /** The time; injected so tests run digests and campaigns on a fake clock. */
    now?: () => Date
    /** Signs the unsubscribe links of campaign and digest mails (`unsubscribeSecretFrom`). */
    unsubscribeSecret: string
    /** The only process running the timed jobs (the embedded server): it releases its own stale locks at start. */
    soleJobRunner?: boolean
    /**
     * Where watchlist titles stream today, for the digests' "Now streaming on your services": the
     * gateway's catalog (TMDB when configured). The offline catalog by default, which never changes.
     */
    catalog?: StreamingCatalog
  }

/** Web push and announcement mail. */
export type NotificationTargets = WebPushTargets & AnnouncementMailTargets

export interface Scheduler {
  /** Resolves once every reaction has handled the log up to `position` (false where another process runs one). */
  waitForPosition(position: bigint, timeoutMs: number): Promise<boolean>
  stop(): Promise<void>
  /** Stops without letting the leases go, as a crash would (tests). */
  abandon(): Promise<void>
  /** Every reaction's checkpoint and set-aside failures (the admin's projections screen). */
  status(): Promise<ReactorStatus[]>
  /**
   * Tries the set-aside failures of one reaction again now; answers how many still fail, or
   * `undefined` when the reaction runs in another process (which retries them every minute).
   */
  retryFailures(name: string): Promise<number | undefined>
  /**
   * Runs one timed job (digests, campaign steps) now, at the injected time; false where timed jobs
   * run in other processes (a gateway of the distributed column). Throws for an unknown name.
   */
  runTimedJob(name: string): Promise<boolean>
}

/**
 * Runs each reaction under its own lease, so that with two or more scheduler processes each runs in
 * exactly one of them, and another takes over within the lease's time to live when it dies. The
 * reactor's checkpoint is recorded beside the lease and fenced by its token.
 */
export async function runReactions(
  reactions: readonly Reaction[],
  dependencies: ReactionsDependencies,
): Promise<Omit<Scheduler, 'runTimedJob'>> {
  const { storedLog, readStore, logger, leases, owner, leaseTiming } = dependencies
  const running = new Map<string, RunningReactor>()
  const held: HeldLease[] = reactions.map((reaction) =>
    holdLease({
      leases,
      name: `reactor:${reaction.name}`,
      owner,
      ...leaseTiming,
      logger,
      async start(lease, lost) {
        const reactor = await startReactor(reaction, {
          eventStore: storedLog,
          readStore,
          logger,
          checkpoint: leaseCheckpoint(leases, lease, readStore, reaction.name),
          onLeaseLost: lost,
        })
        running.set(reaction.name, reactor)
        return {
          async stop() {
            await reactor.stop()
            if (running.get(reaction.name) === reactor) running.delete(reaction.name)
          },
        }
      },
    }),
  )
  await Promise.all(held.map((lease) => lease.ready()))
  return {
    async waitForPosition(position, timeoutMs) {
      const answers = await Promise.all(
        reactions.map((reaction) => {
          const reactor = running.get(reaction.name)
          return reactor ? reactor.waitForPosition(position, timeoutMs) : Promise.resolve(false)
        }),
      )
      return answers.every(Boolean)
    },
    async stop() {
      await Promise.all(held.map((lease) => lease.stop()))
    },
    async abandon() {
      await Promise.all(held.map((lease) => lease.stop({ release: false })))
    },
    status: () =>
      reactorStatuses(
        reactions.map((reaction) => reaction.name),
        { leases, readStore },
      ),
    async retryFailures(name) {
      return running.get(name)?.retryFailures()
    },
  }
}

/** The scheduler: reactions to events that act on the world outside the read models. */
export async function startScheduler(dependencies: SchedulerDependencies): Promise<Scheduler> {
  // Every mail of every reaction and job is recorded as sent or failed, for the analytics.
  dependencies = {
    ...dependencies,
    mailer: recordedSends(dependencies.mailer, dependencies.eventStore, dependencies.now ?? (() => new Date())),
  }
  const { eventStore, vault, mailer, publicUrl, readStore } = dependencies
  const mails = mailReaction(allMails, {
    eventStore,
    mailer,
    publicUrl,
    readStore,
    members: accountMembers(eventStore, vault),
    templateNamed: emailTemplates(readStore).named,
    unsubscribeSecret: dependencies.unsubscribeSecret,
  })
  const now = dependencies.now ?? (() => new Date())
  const reactions = await runReactions(
    [
      accountErasure(dependencies),
      mails,
      recommendationWatched(dependencies),
      suspendedSessions(dependencies.sessions),
      webPushReaction(dependencies),
      announcementMailReaction(dependencies),
      campaignEntries({ ...dependencies, now }),
      invitationClaims(dependencies),
    ],
    dependencies,
  )
  const catalog = dependencies.catalog ?? offlineOnFirstUse(now)
  const timed = await startTimedJobs(
    allTimedJobs.map((build) => build({ ...dependencies, now, catalog })),
    {
      backend: dependencies.jobBackend,
      now,
      logger: dependencies.logger,
      owner: dependencies.owner,
      releaseLocksAtStart: dependencies.soleJobRunner === true,
    },
  )
  return {
    ...reactions,
    async runTimedJob(name) {
      await timed.runNow(name)
      return true
    },
    async stop() {
      await timed.stop()
      await reactions.stop()
    },
    async abandon() {
      await timed.stop()
      await reactions.abandon()
    },
  }
}

/** The offline catalog, loaded (half a second) only when a digest first asks it something. */
function offlineOnFirstUse(now: () => Date): StreamingCatalog {
  let offline: StreamingCatalog | undefined
  return { details: (mediaType, id) => (offline ??= createOfflineCatalog({ now })).details(mediaType, id) }
}

/** The names of the scheduler's reactions, for processes that only watch their progress. */
export const schedulerReactions: readonly string[] = [
  ACCOUNT_ERASURE,
  MAILS,
  RECOMMENDATION_WATCHED,
  SUSPENDED_SESSIONS,
  WEB_PUSH,
  ANNOUNCEMENT_MAIL,
  CAMPAIGN_ENTRIES,
  INVITATION_CLAIMS,
]
