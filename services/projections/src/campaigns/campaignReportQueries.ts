import { stepDueAt, type CampaignItem } from '@reelmates/contracts/campaigns'
import type { CampaignReport, CampaignReportMembers, CampaignReportStep } from '@reelmates/contracts/campaignReports'
import { defineQueries } from '../queries'
import { users } from '../users/users'
import { userQueries } from '../users/userQueries'
import { campaignQueries } from './campaignQueries'
import { campaignStepMails, campaignStepMailsCollection } from './campaignStepMails'
import { campaignProgressCollection, emailCampaigns } from './emailCampaigns'

/** A step as the read models have it: its newest failure by outbox id, whose error the outbox keeps. */
export type ReportedStep = Omit<CampaignReportStep, 'lastFailure'> & {
  lastFailure: { at: string; mailId: string } | null
}
export type ReportedCampaign = Omit<CampaignReport, 'steps'> & { steps: ReportedStep[] }

interface InProgress {
  userId: string
  currentStep: number
  /** When the step before the next one was reached, or the member entered. */
  since: string
}

const emptyStep = (stepOrder: number, templateName: string, delayDays: number | null): ReportedStep => ({
  stepOrder,
  templateName,
  delayDays,
  reached: 0,
  sent: 0,
  failed: 0,
  lastSentAt: null,
  lastFailure: null,
  waiting: 0,
  unsubscribed: 0,
  suspended: 0,
  nextDueAt: null,
})

/** The steps of the campaign as it is, then any position it no longer has whose mails went out. */
function stepsOf(campaign: CampaignItem, mails: Record<string, unknown>[]): ReportedStep[] {
  const steps = campaign.steps.map((step) => emptyStep(step.stepOrder, step.templateName, step.delayDays))
  for (const doc of [...mails].sort((a, b) => Number(a.stepOrder) - Number(b.stepOrder))) {
    const stepOrder = Number(doc.stepOrder)
    const counted = {
      reached: Number(doc.reached ?? 0),
      sent: Number(doc.sent ?? 0),
      failed: Number(doc.failed ?? 0),
      lastSentAt: typeof doc.lastSentAt === 'string' ? doc.lastSentAt : null,
      lastFailure: (doc.lastFailure as ReportedStep['lastFailure'] | undefined) ?? null,
    }
    const step = steps.find((one) => one.stepOrder === stepOrder)
    if (step) Object.assign(step, counted)
    else steps.push({ ...emptyStep(stepOrder, String(doc.templateName), null), ...counted })
  }
  return steps
}

/**
 * How one campaign is doing: who entered, is on the way (waiting for which step, and when it falls
 * due), completed or left, and each step's mails. A member who turned tips and news emails off waits
 * where they are: the scheduler moves them on no further until they turn them on again. So does a
 * suspended member, until restored.
 */
export const campaignReportQueries = defineQueries([emailCampaigns, campaignStepMails, users], (db) => ({
  async report(campaignId: string, now: Date): Promise<ReportedCampaign | null> {
    const campaign = await campaignQueries(db).byId(campaignId)
    if (!campaign) return null
    const progress = await db
      .collection(campaignProgressCollection)
      .find(
        { campaignId, isCompleted: false },
        { projection: { userId: 1, currentStep: 1, enteredAt: 1, lastStepAt: 1 } },
      )
    const inProgress: InProgress[] = progress.map((doc) => ({
      userId: String(doc.userId),
      currentStep: Number(doc.currentStep ?? 0),
      since: String(doc.lastStepAt ?? doc.enteredAt),
    }))
    const ids = inProgress.map((member) => member.userId)
    const suspended = await userQueries(db).suspendedAmong(ids)
    // A suspended member waits whatever their preference: counted once, as suspended.
    const unsubscribed = new Set(
      [...(await userQueries(db).unsubscribedFromCampaigns(ids))].filter((id) => !suspended.has(id)),
    )
    const steps = stepsOf(campaign, await db.collection(campaignStepMailsCollection).find({ campaignId }))

    for (const member of inProgress) {
      // The next mail is step currentStep + 1, at index currentStep; past the last step (steps removed
      // since) there is none: the next run completes the member.
      const next = campaign.steps[member.currentStep]
      const step = steps[member.currentStep]
      if (!next || !step) continue
      if (suspended.has(member.userId)) {
        step.suspended += 1
        continue
      }
      if (unsubscribed.has(member.userId)) {
        step.unsubscribed += 1
        continue
      }
      step.waiting += 1
      const dueAt = stepDueAt(member.since, next.delayDays).toISOString()
      if (step.nextDueAt === null || dueAt < step.nextDueAt) step.nextDueAt = dueAt
    }

    const members: CampaignReportMembers = {
      entered: campaign.entered,
      inProgress: inProgress.length,
      completed: campaign.completed,
      unsubscribed: unsubscribed.size,
      suspended: suspended.size,
      deletedBeforeCompleting: Math.max(0, campaign.entered - campaign.completed - inProgress.length),
    }
    return {
      campaignId,
      name: campaign.name,
      isActive: campaign.isActive,
      asOf: now.toISOString(),
      members,
      steps,
    }
  },
}))
