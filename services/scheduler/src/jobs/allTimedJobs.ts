import type { SchedulerDependencies } from '../index'
import type { TimedJob } from './timedJob'
import type { StreamingCatalog } from '../digests/streamingNews'
import { digestJob } from '../digests/digestJob'
import { campaignStepsJob } from '../campaigns/campaignStepsJob'

/** What a timed job may be built from. */
export type TimedJobDependencies = SchedulerDependencies & { now: () => Date; catalog: StreamingCatalog }

/** Every time-driven job of the scheduler, each built from what it needs; each module adds its line. */
export const allTimedJobs: readonly ((dependencies: TimedJobDependencies) => TimedJob)[] = [
  digestJob, // daily and weekly digests
  campaignStepsJob, // campaign entries by time and delayed steps
]
