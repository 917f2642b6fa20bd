import { digest, DigestAlreadySent, digestStreamId } from '@reelmates/commands/digest/digest'
import { handleCommand } from '@reelmates/commands/handleCommand'
import { systemActors } from '@reelmates/infra/eventStore/port'
import { digestQueries } from '@reelmates/projections/digests/digestQueries'
import type { TimedJobDependencies } from '../jobs/allTimedJobs'
import type { TimedJob } from '../jobs/timedJob'
import { digestFor } from './digestFor'
import { dueDigest } from './digestSchedule'
import { streamingChanges, streamingToday } from './streamingNews'

export const DIGESTS = 'digests'

/**
 * Every quarter of an hour: each member whose digest is due and has something to tell gets a
 * `DigestSent` on their digest stream, which the stream takes once per period (a second process,
 * or this run repeated after a crash, is refused); the `digest` mail answers that event once.
 * An empty digest records nothing, so a later run of the same morning may still send one.
 */
export function digestJob(dependencies: TimedJobDependencies): TimedJob {
  const { readStore, eventStore, publicUrl, catalog } = dependencies
  const queries = digestQueries(readStore)
  const compose = digestFor(readStore, publicUrl)
  return {
    name: DIGESTS,
    every: '15 minutes',
    async run(now) {
      const today = streamingToday(catalog)
      for (const reader of await queries.readers()) {
        const due = dueDigest(reader, now)
        if (!due) continue
        const streaming = await streamingChanges(readStore, today, reader.userId)
        const composed = await compose(reader.userId, { digestType: reader.digestType, ...due }, streaming)
        if (!composed || composed.empty) continue
        try {
          await handleCommand(eventStore, {
            decider: digest,
            streamId: digestStreamId(reader.userId),
            command: {
              type: 'RecordDigestSent',
              userId: reader.userId,
              digestType: reader.digestType,
              ...due,
              at: now.toISOString(),
              streaming,
            },
            metadata: {
              correlationId: `digest:${reader.userId}:${due.period}`,
              causationId: `digest:${reader.userId}:${due.period}`,
              actorId: systemActors.scheduler,
              occurredAt: now.toISOString(),
            },
          })
        } catch (error) {
          // Another process, or this run before a crash, sent this period's digest: done.
          if (!(error instanceof DigestAlreadySent)) throw error
        }
      }
    },
  }
}
