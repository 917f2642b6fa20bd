import { z } from 'zod'

/** The admin's view of every log follower: projectors (read models) and scheduler reactions. */

export const followerLag = z.object({
  /** Events in the log after the checkpoint, counted up to `capped` (then "at least"). */
  events: z.number().int(),
  capped: z.boolean(),
  /** How long the oldest event not yet applied has waited, in seconds; 0 when up to date. */
  seconds: z.number(),
})

export const rebuildRun = z.object({
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  outcome: z.enum(['running', 'done', 'failed']),
  error: z.string().nullable(),
})

export const projectionStatus = z.object({
  name: z.string(),
  kind: z.enum(['projector', 'reactor']),
  /** Projectors: the version of the code that built what answers now. Reactors: null. */
  version: z.number().int().nullable(),
  checkpoint: z.string(),
  lag: followerLag,
  status: z.string(),
  lastError: z.string().nullable(),
  /**
   * A rebuild in progress: how far its replay has come towards the head it started from, or `waiting`
   * for another rebuild to finish (one runs at a time).
   */
  rebuild: z.object({ position: z.string(), head: z.string(), progress: z.number(), waiting: z.boolean() }).nullable(),
  /** The last rebuild started from this gateway, running or finished, with how long it took. */
  lastRebuild: rebuildRun.nullable(),
  /** Reactors: events set aside after their tries, waiting to be retried. */
  setAside: z.number().int().nullable(),
})
export type ProjectionStatus = z.infer<typeof projectionStatus>

export const projectionsAnswer = z.object({ head: z.string(), items: z.array(projectionStatus) })
export type ProjectionsAnswer = z.infer<typeof projectionsAnswer>

export const followerParams = z.object({ name: z.string().min(1).max(100) })

export const rebuildAnswer = z.object({ name: z.string(), run: rebuildRun })
export type RebuildAnswer = z.infer<typeof rebuildAnswer>

export const retryAnswer = z.object({ name: z.string(), stillFailing: z.number().int() })
export type RetryAnswer = z.infer<typeof retryAnswer>
