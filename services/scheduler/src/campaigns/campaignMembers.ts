import { randomUUID } from 'node:crypto'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { campaignProgress, campaignProgressStreamId } from '@reelmates/commands/campaign/campaignProgress'
import { handleCommand, loadState } from '@reelmates/commands/handleCommand'
import type { CampaignItem } from '@reelmates/contracts/campaigns'
import { systemActors, type EventStore } from '@reelmates/infra/eventStore/port'

/**
 * Moves members through campaigns by deciding on their progress streams: entering (once ever) and
 * reaching each step that is due. Only members who take campaign mail (read from their account
 * stream, never a lagging read model) enter or move on; an unsubscribed member's progress waits, and
 * so does a suspended one's (as their digests stop), until they are restored.
 */
/**
 * What a campaign's events follow from: the event that made the member enter (their sign-up), so the
 * event history leads from a sign-up to its welcome mail; a timed run has none and starts its own.
 */
export interface CampaignCause {
  correlationId: string
  causationId: string
}

export function campaignMembers(eventStore: EventStore) {
  const metadata = (at: Date, cause?: CampaignCause) => {
    const id = randomUUID()
    return {
      correlationId: cause?.correlationId ?? id,
      causationId: cause?.causationId ?? id,
      actorId: systemActors.system,
      occurredAt: at.toISOString(),
    }
  }

  async function takesCampaignMail(userId: string): Promise<boolean> {
    const state = await loadState(eventStore, account, accountStreamId(userId))
    return state.status === 'active' && state.receiveCampaignEmails && !state.suspended
  }

  async function advance(campaign: CampaignItem, userId: string, at: Date, cause?: CampaignCause): Promise<void> {
    if (await takesCampaignMail(userId)) await reachDueSteps(campaign, userId, at, cause)
  }

  async function reachDueSteps(campaign: CampaignItem, userId: string, at: Date, cause?: CampaignCause) {
    // Reaching step k and then k+1 in one run happens only when both delays have passed.
    for (let step = 0; step <= campaign.steps.length; step++) {
      const { events } = await handleCommand(eventStore, {
        decider: campaignProgress,
        streamId: campaignProgressStreamId(campaign.id, userId),
        command: {
          type: 'AdvanceCampaign',
          campaignId: campaign.id,
          userId,
          steps: campaign.steps,
          at: at.toISOString(),
        },
        metadata: metadata(at, cause),
      })
      if (events.length === 0 || events.some((event) => event.type === 'UserCompletedCampaign')) return
    }
  }

  return {
    advance,
    /** Enters a member (if they never entered) and reaches whatever is due at once. */
    async enter(
      campaign: CampaignItem,
      userId: string,
      triggerType: string,
      at: Date,
      cause?: CampaignCause,
    ): Promise<void> {
      if (!(await takesCampaignMail(userId))) return
      await handleCommand(eventStore, {
        decider: campaignProgress,
        streamId: campaignProgressStreamId(campaign.id, userId),
        command: { type: 'EnterCampaign', campaignId: campaign.id, userId, triggerType, at: at.toISOString() },
        metadata: metadata(at, cause),
      })
      await reachDueSteps(campaign, userId, at, cause)
    },
  }
}
