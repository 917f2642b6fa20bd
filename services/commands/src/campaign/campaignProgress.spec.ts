import { describe, it } from 'vitest'
import { CampaignStepReached, UserCompletedCampaign, UserEnteredCampaign } from '@reelmates/contracts/campaigns'
import { specFor } from '../testing/givenWhenThen'
import { campaignProgress, type CampaignProgressCommand } from './campaignProgress'

const given = specFor(campaignProgress)
const campaignId = 'c-1'
const userId = 'u-1'
const day0 = '2026-11-24T08:00:00.000Z'
const day2 = '2026-11-26T08:00:00.000Z'
const day3 = '2026-11-27T08:00:00.000Z'
const steps = [
  { templateName: 'campaign-welcome', delayDays: 0 },
  { templateName: 'campaign-find-friends', delayDays: 3 },
]
const enter = (at = day0): CampaignProgressCommand => ({
  type: 'EnterCampaign',
  campaignId,
  userId,
  triggerType: 'registered',
  at,
})
const advance = (at: string): CampaignProgressCommand & { type: 'AdvanceCampaign' } => ({
  type: 'AdvanceCampaign',
  campaignId,
  userId,
  steps,
  at,
})
const entered = UserEnteredCampaign({ campaignId, userId, triggerType: 'registered', enteredAt: day0 })
const step = (stepOrder: number, at: string) =>
  CampaignStepReached({
    campaignId,
    userId,
    stepOrder,
    templateName: steps[stepOrder - 1]!.templateName,
    reachedAt: at,
  })
const completed = (at: string) => UserCompletedCampaign({ campaignId, userId, completedAt: at })

describe('campaign progress', () => {
  it('enters a member once ever', () => {
    given([]).when(enter()).then([entered])
    given([entered]).when(enter(day3)).thenNothingHappens()
    given([entered, step(1, day0), step(2, day3), completed(day3)])
      .when(enter(day3))
      .thenNothingHappens()
  })

  it('reaches a step without delay at once', () =>
    given([entered])
      .when(advance(day0))
      .then([step(1, day0)]))

  it('waits for the delay after the step before', () => {
    given([entered, step(1, day0)])
      .when(advance(day2))
      .thenNothingHappens()
    given([entered, step(1, day0)])
      .when(advance(day3))
      .then([step(2, day3), completed(day3)])
  })

  it('reaches each step once', () =>
    given([entered, step(1, day0)])
      .when(advance(day0))
      .thenNothingHappens())

  it('does nothing for a member who never entered or has completed', () => {
    given([]).when(advance(day3)).thenNothingHappens()
    given([entered, step(1, day0), step(2, day3), completed(day3)])
      .when(advance(day3))
      .thenNothingHappens()
  })

  it('completes when the campaign lost the steps still ahead', () =>
    given([entered, step(1, day0)])
      .when({ ...advance(day3), steps: steps.slice(0, 1) })
      .then([completed(day3)]))
})
