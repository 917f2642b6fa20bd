import {
  CampaignStepReached,
  EmailCampaignActivated,
  EmailCampaignCreated,
  EmailCampaignDeleted,
  EmailCampaignPaused,
  EmailCampaignUpdated,
  UserCompletedCampaign,
  UserEnteredCampaign,
} from '@reelmates/contracts/campaigns'
import { AccountDeleted } from '@reelmates/contracts/account'
import { defineProjector } from '../projector'

export const emailCampaignsCollection = 'email_campaigns'
export const campaignProgressCollection = 'user_campaign_progress'

/**
 * Campaigns as admins see them (spec §3 `email_campaigns` with their steps and triggers inside), and
 * each member's progress through each (`user_campaign_progress`: currentStep, isCompleted, the last
 * step's time). The progress streams stay the truth the scheduler decides on; this is its worklist
 * and the admin's counts. `activeSincePosition` (the log position it was last activated at) tells
 * which sign-ups came while it was active. A deleted campaign leaves both: the list, and the
 * worklist the scheduler advances its members by.
 */
export const emailCampaigns = defineProjector({
  name: 'email_campaigns',
  version: 1,
  collections: [emailCampaignsCollection, campaignProgressCollection],
  handles: [
    EmailCampaignCreated,
    EmailCampaignUpdated,
    EmailCampaignActivated,
    EmailCampaignPaused,
    EmailCampaignDeleted,
    UserEnteredCampaign,
    CampaignStepReached,
    UserCompletedCampaign,
    AccountDeleted,
  ],

  async setup(db) {
    await db.collection(campaignProgressCollection).createIndex({ keys: { isCompleted: 1 } })
    await db.collection(campaignProgressCollection).createIndex({ keys: { userId: 1 } })
  },

  async project(event, db) {
    const campaigns = db.collection(emailCampaignsCollection)
    const progress = db.collection(campaignProgressCollection)
    const progressId = (data: { campaignId: string; userId: string }) => `${data.campaignId}\n${data.userId}`
    switch (event.type) {
      case 'EmailCampaignCreated': {
        const { campaignId, name, description, steps, triggers, isActive, createdAt } = event.data
        await campaigns.updateOne(
          { _id: campaignId },
          {
            $set: {
              name,
              description,
              steps,
              triggers,
              isActive,
              createdAt,
              updatedAt: createdAt,
              activeSincePosition: isActive ? event.position.toString() : null,
            },
            $setOnInsert: { entered: 0, completed: 0 },
          },
          { upsert: true },
        )
        return
      }
      case 'EmailCampaignUpdated': {
        const { campaignId, name, description, steps, triggers, updatedAt } = event.data
        await campaigns.updateOne({ _id: campaignId }, { $set: { name, description, steps, triggers, updatedAt } })
        return
      }
      case 'EmailCampaignActivated':
      case 'EmailCampaignPaused':
        await campaigns.updateOne(
          { _id: event.data.campaignId },
          {
            $set: {
              isActive: event.type === 'EmailCampaignActivated',
              updatedAt: event.data.at,
              activeSincePosition: event.type === 'EmailCampaignActivated' ? event.position.toString() : null,
            },
          },
        )
        return
      case 'EmailCampaignDeleted':
        await campaigns.deleteOne({ _id: event.data.campaignId })
        await progress.deleteMany({ campaignId: event.data.campaignId })
        return
      case 'UserEnteredCampaign':
        // A member entered by a scheduler run that read the campaign just before its deletion: the
        // campaign is gone, and so is its worklist.
        if (!(await campaigns.findOne({ _id: event.data.campaignId }))) return
        await progress.updateOne(
          { _id: progressId(event.data) },
          {
            $set: {
              campaignId: event.data.campaignId,
              userId: event.data.userId,
              currentStep: 0,
              isCompleted: false,
              enteredAt: event.data.enteredAt,
              lastStepAt: null,
              completedAt: null,
            },
          },
          { upsert: true },
        )
        await campaigns.updateOne({ _id: event.data.campaignId }, { $inc: { entered: 1 } })
        return
      case 'CampaignStepReached':
        await progress.updateOne(
          { _id: progressId(event.data) },
          { $set: { currentStep: event.data.stepOrder, lastStepAt: event.data.reachedAt } },
        )
        return
      case 'UserCompletedCampaign':
        await progress.updateOne(
          { _id: progressId(event.data) },
          { $set: { isCompleted: true, completedAt: event.data.completedAt } },
        )
        await campaigns.updateOne({ _id: event.data.campaignId }, { $inc: { completed: 1 } })
        return
      case 'AccountDeleted':
        await progress.deleteMany({ userId: event.data.userId })
    }
  },
})
