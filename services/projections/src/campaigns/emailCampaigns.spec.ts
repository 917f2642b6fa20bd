import { describe, expect, it } from 'vitest'
import {
  CampaignStepReached,
  EmailCampaignActivated,
  EmailCampaignCreated,
  EmailCampaignDeleted,
  UserCompletedCampaign,
  UserEnteredCampaign,
} from '@reelmates/contracts/campaigns'
import { projectorHarness } from '../testing/projectorHarness'
import { campaignQueries } from './campaignQueries'
import { emailCampaigns } from './emailCampaigns'

const at = '2026-11-20T20:00:00.000Z'
const created = (campaignId: string, name: string, createdAt = at) =>
  EmailCampaignCreated({
    campaignId,
    name,
    description: '',
    steps: [
      { templateName: 'campaign-welcome', delayDays: 0 },
      { templateName: 'campaign-find-friends', delayDays: 3 },
    ],
    triggers: [{ triggerType: 'registered', triggerCondition: {} }],
    isActive: true,
    createdBy: 'admin-1',
    createdAt,
  })
const entered = (campaignId: string, userId: string) =>
  UserEnteredCampaign({ campaignId, userId, triggerType: 'registered', enteredAt: at })
const reached = (campaignId: string, userId: string) =>
  CampaignStepReached({ campaignId, userId, stepOrder: 1, templateName: 'campaign-welcome', reachedAt: at })
const deleted = (campaignId: string) => EmailCampaignDeleted({ campaignId, by: 'admin-1', at })

async function harness() {
  const h = await projectorHarness(emailCampaigns)
  return { h, campaigns: campaignQueries(h.db) }
}

describe('email campaigns read model', () => {
  it('takes a deleted campaign off the list, and its members off the scheduler’s worklist', async () => {
    const { h, campaigns } = await harness()
    await h.given(
      created('c-test', 'Test', '2026-11-20T19:00:00.000Z'),
      created('c-welcome', 'Welcome'),
      entered('c-test', 'ann'),
      reached('c-test', 'ann'),
      entered('c-welcome', 'ann'),
      EmailCampaignActivated({ campaignId: 'c-test', by: 'admin-1', at }),
    )
    expect(await campaigns.inProgress('c-test')).toEqual(['ann'])

    await h.given(deleted('c-test'))

    expect((await campaigns.all()).map((campaign) => campaign.name)).toEqual(['Welcome'])
    expect(await campaigns.byId('c-test')).toBeNull()
    expect((await campaigns.active()).map((campaign) => campaign.id)).toEqual(['c-welcome'])
    expect(await campaigns.inProgress('c-test')).toEqual([])
    expect(await campaigns.inProgress('c-welcome')).toEqual(['ann'])
  })

  it('keeps a deleted campaign gone when a scheduler run that read it before the deletion enters a member after', async () => {
    const { h, campaigns } = await harness()
    await h.given(
      created('c-test', 'Test'),
      deleted('c-test'),
      entered('c-test', 'bob'),
      reached('c-test', 'bob'),
      UserCompletedCampaign({ campaignId: 'c-test', userId: 'bob', completedAt: at }),
    )
    expect(await campaigns.all()).toEqual([])
    expect(await campaigns.inProgress('c-test')).toEqual([])
  })

  it('gives the same list when rebuilt from the log', async () => {
    const events = [
      created('c-test', 'Test', '2026-11-20T19:00:00.000Z'),
      entered('c-test', 'ann'),
      deleted('c-test'),
      created('c-test-2', 'Test'),
      entered('c-test-2', 'ann'),
    ]
    const first = await harness()
    await first.h.given(...events)
    const rebuilt = await harness()
    await rebuilt.h.given(...events)
    expect(await rebuilt.campaigns.all()).toEqual(await first.campaigns.all())
    expect((await rebuilt.campaigns.all()).map((campaign) => [campaign.id, campaign.name, campaign.entered])).toEqual([
      ['c-test-2', 'Test', 1],
    ])
  })
})
