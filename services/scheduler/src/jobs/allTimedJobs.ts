import type { SchedulerDependencies } from '../index'
import type { TimedJob } from './timedJob'

/** Every time-driven job of the scheduler; each module adds its own line. */
export function allTimedJobs(dependencies: SchedulerDependencies & { now: () => Date }): TimedJob[] {
  void dependencies
  return []
}
