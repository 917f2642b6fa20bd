import { campaignAudienceQueries, campaignQueries } from '@reelmates/projections/campaigns/campaignQueries'
import type { TimedJob } from '../jobs/timedJob'
import type { TimedJobDependencies } from '../jobs/allTimedJobs'
import { campaignMembers } from './campaignMembers'

export const CAMPAIGN_STEPS = 'campaign-steps'

/**
 * Every few minutes: members who now meet a time-driven trigger of an active campaign ("inactive
 * for N days", "no friends N days after sign-up", "watched N titles") enter it, and every member
 * on the way through an active campaign reaches the step that fell due. A paused campaign is
 * skipped whole, so it picks up where it stopped once active again.
 */
export function campaignStepsJob({ eventStore, readStore }: TimedJobDependencies): TimedJob {
  const campaigns = campaignQueries(readStore)
  const audience = campaignAudienceQueries(readStore)
  const members = campaignMembers(eventStore)
  return {
    name: CAMPAIGN_STEPS,
    every: '5 minutes',
    async run(now) {
      for (const campaign of await campaigns.active()) {
        for (const trigger of campaign.triggers) {
          for (const userId of await audience.matching(trigger, now)) {
            await members.enter(campaign, userId, trigger.triggerType, now)
          }
        }
        for (const userId of await campaigns.inProgress(campaign.id)) {
          await members.advance(campaign, userId, now)
        }
      }
    },
  }
}
