import { CampaignStepReached } from '@reelmates/contracts/campaigns'
import { MailFailed, MailSent } from '@reelmates/contracts/mailSends'
import { defineProjector } from '../projector'

export const campaignStepMailsCollection = 'campaign_step_mails'
/** Steps reached whose mail has no record yet, by the step's event id. */
export const stepsAwaitingMailCollection = 'campaign_steps_awaiting_mail'

/** The mail that answers `CampaignStepReached` (its `name` in the scheduler, and its outbox category). */
const campaignStepCategory = 'campaign-step'

export const stepMailsId = (campaignId: string, stepOrder: number) => `${campaignId}\n${stepOrder}`

/**
 * Per campaign and step (spec §3 `email_send_history` by `campaignStepId`): how many members reached
 * it, and how many of its mails were sent and failed, with the newest failure's outbox id. A send's
 * record (`MailSent`, `MailFailed`) names no campaign; it is caused by the `CampaignStepReached` it
 * answers (the mail reaction's `causationId`), so each reached step is kept by its event id until its
 * record comes. Nothing about the member is kept: their mails stay counted after they leave.
 */
export const campaignStepMails = defineProjector({
  name: 'campaign_step_mails',
  version: 1,
  collections: [campaignStepMailsCollection, stepsAwaitingMailCollection],
  handles: [CampaignStepReached, MailSent, MailFailed],

  async setup(db) {
    await db.collection(campaignStepMailsCollection).createIndex({ keys: { campaignId: 1 } })
  },

  async project(event, db) {
    const steps = db.collection(campaignStepMailsCollection)
    const awaiting = db.collection(stepsAwaitingMailCollection)
    switch (event.type) {
      case 'CampaignStepReached': {
        const { campaignId, stepOrder, templateName } = event.data
        await awaiting.updateOne({ _id: event.id }, { $set: { campaignId, stepOrder } }, { upsert: true })
        await steps.updateOne(
          { _id: stepMailsId(campaignId, stepOrder) },
          {
            $set: { campaignId, stepOrder, templateName },
            $inc: { reached: 1 },
            $setOnInsert: { sent: 0, failed: 0, lastSentAt: null, lastFailure: null },
          },
          { upsert: true },
        )
        return
      }
      case 'MailSent':
      case 'MailFailed': {
        if (event.data.category !== campaignStepCategory) return
        const step = await awaiting.findOne({ _id: event.metadata.causationId })
        if (!step) return
        await awaiting.deleteOne({ _id: step._id })
        const id = stepMailsId(String(step.campaignId), Number(step.stepOrder))
        if (event.type === 'MailSent') {
          await steps.updateOne({ _id: id }, { $inc: { sent: 1 }, $max: { lastSentAt: event.data.sentAt } })
        } else {
          const lastFailure = { mailId: event.data.mailId, at: event.data.failedAt }
          await steps.updateOne({ _id: id }, { $inc: { failed: 1 }, $set: { lastFailure } })
        }
      }
    }
  },
})
