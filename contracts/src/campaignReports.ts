import { z } from 'zod'

/**
 * How one campaign is doing (`GET /api/admin/email-campaigns/:id/report`), from what the system
 * records: the members' progress streams, the mails' `MailSent`/`MailFailed` and the outbox. Opens and
 * clicks are not tracked (no pixel, no redirected links), so there are none to report.
 */

const count = z.number().int().min(0)

export const campaignReportMembers = z.object({
  /** Everyone who ever entered; an account deleted since still counts, as on the campaign's card. */
  entered: count,
  /** Entered and not completed, with an account today. */
  inProgress: count,
  /** Reached every step (ever; an account deleted since still counts). */
  completed: count,
  /** In progress, with tips and news emails off: their next step waits until they turn them on again. */
  unsubscribed: count,
  /** In progress, with sign-in suspended by the team: their next step waits until they are restored. */
  suspended: count,
  /** Entered, and deleted their account (or had it deleted) before completing. */
  deletedBeforeCompleting: count,
})
export type CampaignReportMembers = z.infer<typeof campaignReportMembers>

export const campaignReportStep = z.object({
  stepOrder: z.number().int().min(1),
  templateName: z.string(),
  /** null for a position the campaign no longer has (steps removed since mails went out). */
  delayDays: z.number().int().nullable(),
  /** Members who reached this step (its mail was due); counted by position across edits. */
  reached: count,
  /** Mails handed to the SMTP server, or kept in the outbox where none is configured. */
  sent: count,
  failed: count,
  lastSentAt: z.string().nullable(),
  /** The newest failure; `error` is the SMTP server's answer, null once the outbox no longer has it. */
  lastFailure: z.object({ at: z.string(), error: z.string().nullable() }).nullable(),
  /** Members whose next mail is this step and who take campaign mail. */
  waiting: count,
  /** Members whose next mail is this step but who turned tips and news emails off. */
  unsubscribed: count,
  /** Members whose next mail is this step but whose sign-in is suspended (counted here, not as unsubscribed). */
  suspended: count,
  /** When the first of `waiting` falls due (the campaign job sends it at its next run after). */
  nextDueAt: z.string().nullable(),
})
export type CampaignReportStep = z.infer<typeof campaignReportStep>

export const campaignReport = z.object({
  campaignId: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  /** The server's time the report was made at: a `nextDueAt` before it is due now. */
  asOf: z.string(),
  members: campaignReportMembers,
  steps: z.array(campaignReportStep),
})
export type CampaignReport = z.infer<typeof campaignReport>
