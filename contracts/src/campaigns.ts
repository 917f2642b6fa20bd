import { z } from 'zod'
import { basedOn } from './basedOn'
import { defineEvent, type EventOf } from './events'
import { emailTemplateName } from './emailTemplates'
import { shownText } from './text'

/**
 * Drip campaigns (spec §3 `email_campaigns`, `email_campaign_steps`, `campaign_triggers`,
 * `user_campaign_progress`). A campaign is a stream `email-campaign-<id>` of admin decisions; each
 * member's way through it is a stream `campaign-progress-<campaignId>-<userId>` of the scheduler's.
 */

const days = z.coerce
  .number({ message: 'days must be a whole number' })
  .int('days must be a whole number')
  .min(1, 'days must be at least 1')
  .max(365, 'days must be at most 365')

/** What makes a member enter a campaign (`triggerType` with its `triggerCondition`). */
export const campaignTrigger = z.discriminatedUnion(
  'triggerType',
  [
    z.object({ triggerType: z.literal('registered'), triggerCondition: z.object({}).default({}) }),
    z.object({ triggerType: z.literal('inactive'), triggerCondition: z.object({ days }) }),
    z.object({ triggerType: z.literal('no-friends'), triggerCondition: z.object({ days }) }),
    z.object({
      triggerType: z.literal('watched'),
      triggerCondition: z.object({
        count: z.coerce.number().int('count must be a whole number').min(1, 'count must be at least 1').max(10_000),
      }),
    }),
  ],
  { error: 'triggerType must be registered, inactive, no-friends or watched' },
)
export type CampaignTrigger = z.infer<typeof campaignTrigger>
export const campaignTriggerTypes = ['registered', 'inactive', 'no-friends', 'watched'] as const

/** One mail of a campaign: a template, sent `delayDays` after the step before it (or the entry). */
export const campaignStep = z.object({
  templateName: emailTemplateName,
  delayDays: z.coerce
    .number({ message: 'delayDays must be a whole number' })
    .int('delayDays must be a whole number')
    .min(0, 'delayDays cannot be negative')
    .max(365, 'delayDays must be at most 365'),
})
export type CampaignStep = z.infer<typeof campaignStep>

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * When a step falls due: `delayDays` after the step before it was reached (after the entry, for step 1).
 * The progress decider reaches steps by it and the campaign report tells the next sends by it.
 */
export const stepDueAt = (from: string, delayDays: number): Date => new Date(Date.parse(from) + delayDays * DAY_MS)

export const campaignDefinition = z.object({
  name: shownText('A campaign needs a name.').max(100, 'A campaign name is at most 100 characters.'),
  description: z.string().trim().max(500, 'A campaign description is at most 500 characters.').default(''),
  steps: z.array(campaignStep).min(1, 'A campaign needs at least one step.').max(20, 'At most 20 steps.'),
  triggers: z
    .array(campaignTrigger)
    .min(1, 'A campaign needs at least one trigger.')
    .max(10, 'At most 10 triggers.')
    // The same trigger twice enters nobody twice; it only makes the campaign read "…or signs up, or signs up".
    .refine(
      (triggers) => new Set(triggers.map((trigger) => JSON.stringify(trigger))).size === triggers.length,
      'The same trigger is listed twice.',
    ),
})
export type CampaignDefinition = z.infer<typeof campaignDefinition>

export const createCampaignRequest = campaignDefinition.extend({
  /** Spec §3: a campaign is active unless created paused. */
  isActive: z.boolean().default(true),
})

/**
 * A save of an existing campaign. `basedOn` is its `updatedAt` as the form last had it (opened or saved
 * there): a save over a change made since (saved, activated or paused by another admin or tab) is
 * refused (409).
 */
export const campaignEdit = campaignDefinition.extend({ basedOn: basedOn.optional() })
export type CampaignEdit = z.infer<typeof campaignEdit>

/**
 * An activation. `basedOn` is the campaign's `updatedAt` as the screen showed it: activating a campaign
 * changed since (its steps saved by another admin) would start mailing what nobody here has looked at,
 * so it is refused (409). Without a body (an older client; Fastify hands it as null) it is taken as it
 * comes. A pause takes no `basedOn`: it mails no one and writes over nothing, and it is what stops a
 * campaign that went wrong.
 */
export const campaignActivation = z.object({ basedOn: basedOn.optional() }).nullish()
export type CampaignActivation = z.infer<typeof campaignActivation>

/**
 * A deletion. `basedOn` is the campaign's `updatedAt` as the screen showed it: deleting a campaign
 * changed since (saved, activated or paused by another admin) would throw away what nobody here has
 * seen, so it is refused (409). Without a body (the API used directly) it is taken as it comes.
 */
export const campaignDeletion = z.object({ basedOn: basedOn.optional() }).nullish()
export type CampaignDeletion = z.infer<typeof campaignDeletion>

export const campaignParams = z.object({ id: z.uuid('That is not a campaign id.') })

export const campaignItem = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  steps: z.array(campaignStep.extend({ stepOrder: z.number().int() })),
  triggers: z.array(campaignTrigger),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Members who ever entered, and who completed it: an account deleted since still counts. */
  entered: z.number().int(),
  completed: z.number().int(),
})
export type CampaignItem = z.infer<typeof campaignItem>
export const campaignsAnswer = z.object({ campaigns: z.array(campaignItem) })
export const savedCampaignAnswer = campaignItem.extend({ position: z.string().optional() })
export const deletedCampaignAnswer = z.object({ message: z.string(), position: z.string().optional() })

const definitionData = {
  campaignId: z.string(),
  name: z.string(),
  description: z.string(),
  steps: z.array(campaignStep),
  triggers: z.array(campaignTrigger),
}

export const EmailCampaignCreated = defineEvent(
  'EmailCampaignCreated',
  z.object({ ...definitionData, isActive: z.boolean(), createdBy: z.string(), createdAt: z.string() }),
)
export const EmailCampaignUpdated = defineEvent(
  'EmailCampaignUpdated',
  z.object({ ...definitionData, updatedBy: z.string(), updatedAt: z.string() }),
)
export const EmailCampaignActivated = defineEvent(
  'EmailCampaignActivated',
  z.object({ campaignId: z.string(), by: z.string(), at: z.string() }),
)
export const EmailCampaignPaused = defineEvent(
  'EmailCampaignPaused',
  z.object({ campaignId: z.string(), by: z.string(), at: z.string() }),
)
/**
 * The campaign is gone: it leaves the list, nobody enters it, and its members get no further step (a
 * step reached before but not mailed yet is not mailed). Its name is free again; the mails it sent
 * stay in the outbox, and its events in the history.
 */
export const EmailCampaignDeleted = defineEvent(
  'EmailCampaignDeleted',
  z.object({ campaignId: z.string(), by: z.string(), at: z.string() }),
)

export type EmailCampaignEvent =
  | EventOf<typeof EmailCampaignCreated>
  | EventOf<typeof EmailCampaignUpdated>
  | EventOf<typeof EmailCampaignActivated>
  | EventOf<typeof EmailCampaignPaused>
  | EventOf<typeof EmailCampaignDeleted>

/** A member entered a campaign (once ever), because of `triggerType`. */
export const UserEnteredCampaign = defineEvent(
  'UserEnteredCampaign',
  z.object({ campaignId: z.string(), userId: z.string(), triggerType: z.string(), enteredAt: z.string() }),
)
/** Step `stepOrder` (1-based) is due: the scheduler mails its template in answer to this event. */
export const CampaignStepReached = defineEvent(
  'CampaignStepReached',
  z.object({
    campaignId: z.string(),
    userId: z.string(),
    stepOrder: z.number().int(),
    templateName: z.string(),
    reachedAt: z.string(),
  }),
)
export const UserCompletedCampaign = defineEvent(
  'UserCompletedCampaign',
  z.object({ campaignId: z.string(), userId: z.string(), completedAt: z.string() }),
)

export type CampaignProgressEvent =
  EventOf<typeof UserEnteredCampaign> | EventOf<typeof CampaignStepReached> | EventOf<typeof UserCompletedCampaign>

/** The one-click unsubscribe (RFC 8058) and the `/unsubscribed` page. */
export const unsubscribeQuery = z.object({ token: z.string().min(1, 'The unsubscribe link has no token.').max(500) })
export const unsubscribeAnswer = z.object({ success: z.boolean(), message: z.string() })
