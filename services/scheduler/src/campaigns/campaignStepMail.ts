import { account, accountStreamId } from '@reelmates/commands/account/account'
import { campaign, campaignStreamId } from '@reelmates/commands/campaign/campaign'
import { loadState } from '@reelmates/commands/handleCommand'
import { CampaignStepReached } from '@reelmates/contracts/campaigns'
import { defineMail } from '../mail/defineMail'
import { campaignLinkPath } from './campaignTemplates'
import { unsubscribeFor } from './unsubscribe'

/**
 * The mail of a campaign step, from the step's template. Whether the member still takes campaign mail
 * is read from their account stream as it is sent, so an unsubscribe that came after the step was
 * reached (but before its mail went out) stops it too, as does a suspension. So does the campaign's
 * deletion, read from its stream: a step reached just before it (or by a run that read the campaign
 * just before it) is not mailed, as the deletion's confirmation promises.
 */
export const campaignStepMail = defineMail({
  name: 'campaign-step',
  template: 'campaign-welcome',
  on: CampaignStepReached,
  async compose({ campaignId, userId, templateName }, { eventStore, members, publicUrl, unsubscribeSecret }) {
    if ((await loadState(eventStore, campaign, campaignStreamId(campaignId))).deleted) return null
    const state = await loadState(eventStore, account, accountStreamId(userId))
    if (!state.receiveCampaignEmails || state.suspended) return null
    const member = await members.byId(userId)
    if (!member) return null
    const unsubscribe = unsubscribeFor(userId, 'campaigns', { publicUrl, secret: unsubscribeSecret })
    return {
      to: member.email,
      userId,
      template: templateName,
      headers: unsubscribe.headers,
      variables: {
        username: member.username,
        link: `${publicUrl}${campaignLinkPath(templateName)}`,
        unsubscribeLink: unsubscribe.link,
      },
    }
  },
})
