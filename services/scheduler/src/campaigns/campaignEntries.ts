import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { campaignQueries } from '@reelmates/projections/campaigns/campaignQueries'
import { emailCampaigns } from '@reelmates/projections/campaigns/emailCampaigns'
import { watchRemoteProjections } from '@reelmates/projections/remoteRunner'
import type { Reaction } from '../reactor'
import { campaignMembers } from './campaignMembers'

export const CAMPAIGN_ENTRIES = 'campaign_entries'

/** The campaigns read model has not reached the sign-up yet: tried again (the reactor retries). */
class CampaignsBehind extends Error {
  override readonly name = 'CampaignsBehind'
}

/**
 * A sign-up enters the new member into every campaign triggered by "registered" that was active when
 * they signed up, and its first step goes out at once when it has no delay. Which campaigns those are
 * is read once the campaigns read model has reached the sign-up, so a campaign activated just before
 * is not missed; one activated after it (at a later log position) does not take it.
 */
export function campaignEntries(deps: { eventStore: EventStore; readStore: ReadStore; now: () => Date }): Reaction {
  const campaigns = campaignQueries(deps.readStore)
  const members = campaignMembers(deps.eventStore)
  // The reaction runs as soon as the event is in the log, usually a few milliseconds before the projector
  // has applied it: it waits up to a second for the projector's checkpoint rather than failing into the
  // reactor's first retry a second later; only a projector far behind (a rebuild) still fails it.
  const readModel = watchRemoteProjections({ readStore: deps.readStore, projectors: [emailCampaigns] })
  return {
    name: CAMPAIGN_ENTRIES,
    handles: ['UserRegistered'],
    async react(event) {
      if (!(await readModel.waitForPosition(event.position, 1_000))) throw new CampaignsBehind()
      const userId = String(event.data.userId)
      const cause = { correlationId: event.metadata.correlationId, causationId: event.id }
      for (const campaign of await campaigns.active()) {
        if (!campaign.triggers.some((trigger) => trigger.triggerType === 'registered')) continue
        // Only sign-ups while it is active: not those before it started, nor those while it was paused.
        if (campaign.activeSincePosition > event.position) continue
        await members.enter(campaign, userId, 'registered', deps.now(), cause)
      }
    },
  }
}
