import { describe, expect, it } from 'vitest'
import { CampaignStepReached } from '@reelmates/contracts/campaigns'
import { MailFailed, MailSent } from '@reelmates/contracts/mailSends'
import { projectorHarness } from '../testing/projectorHarness'
import { campaignStepMails, campaignStepMailsCollection, stepMailsId } from './campaignStepMails'

const campaignId = 'c-welcome'
const reached = (userId: string, stepOrder: number) =>
  CampaignStepReached({
    campaignId,
    userId,
    stepOrder,
    templateName: stepOrder === 1 ? 'campaign-welcome' : 'campaign-find-friends',
    reachedAt: '2026-11-20T20:00:00.000Z',
  })
const sent = (mailId: string, userId: string, category = 'campaign-step') =>
  MailSent({ mailId, category, userId, sentAt: '2026-11-20T20:00:01.000Z' })
const failed = (mailId: string, userId: string, failedAt: string) =>
  MailFailed({ mailId, category: 'campaign-step', userId, failedAt })

async function harness() {
  const h = await projectorHarness(campaignStepMails)
  /** The step is reached, then its mail's record follows from it, as the mail reaction records it. */
  const reachedThen = async (step: ReturnType<typeof reached>, ...records: Parameters<typeof h.given>) => {
    h.causedBy('the sign-up')
    const [event] = await h.given(step)
    h.causedBy(event!.id)
    await h.given(...records)
  }
  const step = (stepOrder: number) =>
    h.db.collection(campaignStepMailsCollection).findOne({ _id: stepMailsId(campaignId, stepOrder) })
  return { h, reachedThen, step }
}

describe('campaign step mails', () => {
  it('counts each step’s members reached and mails sent, by the step each mail answers', async () => {
    const { reachedThen, step } = await harness()
    await reachedThen(reached('ann', 1), sent('m1', 'ann'))
    await reachedThen(reached('bob', 1), sent('m2', 'bob'))
    await reachedThen(reached('ann', 2), sent('m3', 'ann'))
    expect(await step(1)).toMatchObject({ reached: 2, sent: 2, failed: 0, lastSentAt: '2026-11-20T20:00:01.000Z' })
    expect(await step(2)).toMatchObject({ reached: 1, sent: 1, failed: 0, templateName: 'campaign-find-friends' })
  })

  it('counts failures and keeps the newest one’s outbox id and time', async () => {
    const { reachedThen, step } = await harness()
    await reachedThen(reached('ann', 1), failed('m1', 'ann', '2026-11-20T20:00:01.000Z'))
    await reachedThen(reached('bob', 1), failed('m2', 'bob', '2026-11-21T08:00:00.000Z'))
    await reachedThen(reached('cat', 1), sent('m3', 'cat'))
    expect(await step(1)).toMatchObject({
      reached: 3,
      sent: 1,
      failed: 2,
      lastFailure: { mailId: 'm2', at: '2026-11-21T08:00:00.000Z' },
    })
  })

  it('leaves a step reached without a mail (the member unsubscribed before it went) reached and not sent', async () => {
    const { reachedThen, step } = await harness()
    await reachedThen(reached('ann', 1))
    expect(await step(1)).toMatchObject({ reached: 1, sent: 0, failed: 0, lastSentAt: null, lastFailure: null })
  })

  it('counts no other mail: another kind of mail, or one that follows from no step', async () => {
    const { h, reachedThen, step } = await harness()
    await reachedThen(reached('ann', 1), sent('m1', 'ann', 'password-reset'))
    h.causedBy('a digest run')
    await h.given(sent('m2', 'bob'))
    expect(await step(1)).toMatchObject({ reached: 1, sent: 0 })
  })

  it('keeps nothing about the member', async () => {
    const { h, reachedThen } = await harness()
    await reachedThen(reached('ann', 1), sent('m1', 'ann'))
    expect(JSON.stringify(await h.docs(campaignStepMailsCollection))).not.toContain('ann')
  })
})
