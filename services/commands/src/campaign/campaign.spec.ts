import { describe, it } from 'vitest'
import {
  EmailCampaignActivated,
  EmailCampaignCreated,
  EmailCampaignPaused,
  EmailCampaignUpdated,
  type CampaignDefinition,
} from '@reelmates/contracts/campaigns'
import { specFor } from '../testing/givenWhenThen'
import {
  campaign,
  CampaignAlreadyExists,
  CampaignNotFound,
  UnknownCampaignTemplate,
  type CampaignCommand,
} from './campaign'

const given = specFor(campaign)
const at = '2026-11-24T08:00:00.000Z'
const campaignId = '5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11'
const templates = ['campaign-welcome', 'campaign-find-friends']
const welcome: CampaignDefinition = {
  name: 'Welcome',
  description: 'First days',
  steps: [
    { templateName: 'campaign-welcome', delayDays: 0 },
    { templateName: 'campaign-find-friends', delayDays: 3 },
  ],
  triggers: [{ triggerType: 'registered', triggerCondition: {} }],
}
const create = (definition = welcome): CampaignCommand & { type: 'CreateCampaign' } => ({
  type: 'CreateCampaign',
  campaignId,
  definition,
  templates,
  isActive: false,
  adminId: 'admin-1',
  at,
})
const created = EmailCampaignCreated({
  campaignId,
  name: 'Welcome',
  description: 'First days',
  steps: welcome.steps,
  triggers: welcome.triggers,
  isActive: false,
  createdBy: 'admin-1',
  createdAt: at,
})
const activate: CampaignCommand = { type: 'ActivateCampaign', campaignId, adminId: 'admin-1', at }
const pause: CampaignCommand = { type: 'PauseCampaign', campaignId, adminId: 'admin-1', at }
const activated = EmailCampaignActivated({ campaignId, by: 'admin-1', at })

describe('email campaign', () => {
  it('is created with its steps and triggers', () => given([]).when(create()).then([created]))

  it('is created once', () => given([created]).when(create()).thenThrows(CampaignAlreadyExists))

  it('refuses a step whose template does not exist', () =>
    given([])
      .when(create({ ...welcome, steps: [{ templateName: 'no-such-mail', delayDays: 0 }] }))
      .thenThrows(UnknownCampaignTemplate, /no-such-mail/))

  it('takes new steps and triggers', () => {
    const { isActive: _isActive, ...unchanged } = create()
    const update: CampaignCommand = { ...unchanged, type: 'UpdateCampaign' }
    given([created])
      .when(update)
      .then([
        EmailCampaignUpdated({
          campaignId,
          name: 'Welcome',
          description: 'First days',
          steps: welcome.steps,
          triggers: welcome.triggers,
          updatedBy: 'admin-1',
          updatedAt: at,
        }),
      ])
  })

  it('cannot change a campaign that does not exist', () => {
    const { isActive: _isActive, ...unchanged } = create()
    given([])
      .when({ ...unchanged, type: 'UpdateCampaign' })
      .thenThrows(CampaignNotFound)
    given([]).when(activate).thenThrows(CampaignNotFound)
  })

  it('is activated and paused, each once', () => {
    given([created]).when(activate).then([activated])
    given([created, activated]).when(activate).thenNothingHappens()
    given([created, activated])
      .when(pause)
      .then([EmailCampaignPaused({ campaignId, by: 'admin-1', at })])
    given([created]).when(pause).thenNothingHappens()
  })
})
