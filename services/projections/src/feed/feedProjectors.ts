import type { Projector } from '../projector'
import { activityInteractions } from './activityInteractions'
import { feedVisits } from './feedVisits'

/** The feed's own read models; activities themselves are the `activities` projector's. */
export const feedProjectors: readonly Projector[] = [activityInteractions, feedVisits]
