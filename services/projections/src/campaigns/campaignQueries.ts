import type { CampaignItem, CampaignStep, CampaignTrigger } from '@reelmates/contracts/campaigns'
import { defineQueries } from '../queries'
import { campaignAudience, campaignAudienceCollection } from './campaignAudience'
import { campaignProgressCollection, emailCampaigns, emailCampaignsCollection } from './emailCampaigns'

const DAY_MS = 24 * 60 * 60 * 1000

const itemOf = (doc: Record<string, unknown>): CampaignItem => {
  const steps = doc.steps as CampaignStep[]
  return {
    id: String(doc._id),
    name: String(doc.name),
    description: String(doc.description),
    isActive: doc.isActive === true,
    steps: steps.map((step, index) => ({ ...step, stepOrder: index + 1 })),
    triggers: doc.triggers as CampaignTrigger[],
    createdAt: String(doc.createdAt),
    updatedAt: String(doc.updatedAt),
    entered: Number(doc.entered ?? 0),
    completed: Number(doc.completed ?? 0),
  }
}

/** Campaigns, newest first, and one by id or by name. */
export const campaignQueries = defineQueries([emailCampaigns], (db) => ({
  async all(): Promise<CampaignItem[]> {
    const docs = await db.collection(emailCampaignsCollection).find({}, { sort: { createdAt: -1 } })
    return docs.map(itemOf)
  },
  async byId(id: string): Promise<CampaignItem | null> {
    const doc = await db.collection(emailCampaignsCollection).findOne({ _id: id })
    return doc ? itemOf(doc) : null
  },
  /** Active campaigns, each with the log position it was last activated at. */
  async active(): Promise<(CampaignItem & { activeSincePosition: bigint })[]> {
    const docs = await db.collection(emailCampaignsCollection).find({ isActive: true })
    return docs.map((doc) => ({
      ...itemOf(doc),
      activeSincePosition: BigInt(typeof doc.activeSincePosition === 'string' ? doc.activeSincePosition : '0'),
    }))
  },
  /** Members who entered a campaign and have not completed it: the scheduler's worklist. */
  async inProgress(campaignId: string): Promise<string[]> {
    const docs = await db
      .collection(campaignProgressCollection)
      .find({ campaignId, isCompleted: false }, { projection: { userId: 1 } })
    return docs.map((doc) => String(doc.userId))
  },
}))

/** Who meets a time-driven trigger at `now`. */
export const campaignAudienceQueries = defineQueries([campaignAudience], (db) => ({
  async matching(trigger: CampaignTrigger, now: Date): Promise<string[]> {
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString()
    const filter = (() => {
      switch (trigger.triggerType) {
        case 'registered':
          return null
        case 'inactive':
          return { lastActiveAt: { $lte: daysAgo(trigger.triggerCondition.days) } }
        case 'no-friends':
          return { registeredAt: { $lte: daysAgo(trigger.triggerCondition.days) }, friends: { $lte: 0 } }
        case 'watched':
          return { watched: { $gte: trigger.triggerCondition.count } }
      }
    })()
    if (filter === null) return []
    const docs = await db.collection(campaignAudienceCollection).find(filter, { projection: { _id: 1 } })
    return docs.map((doc) => doc._id)
  },
}))
