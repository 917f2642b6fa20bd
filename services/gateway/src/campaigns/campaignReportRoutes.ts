import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { campaignReport, type CampaignReport } from '@reelmates/contracts/campaignReports'
import { campaignParams } from '@reelmates/contracts/campaigns'
import { CampaignNotFound } from '@reelmates/commands/campaign/campaign'
import { campaignReportQueries } from '@reelmates/projections/campaigns/campaignReportQueries'
import { requireAdmin } from '../http/auth'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

/** How one campaign is doing: its members on the way through it, and each step's mails. */
export const campaignReportRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/admin/email-campaigns/:id/report',
    {
      onRequest: requireAdmin,
      config: readsFrom(campaignReportQueries),
      schema: {
        tags: ['admin'],
        summary:
          'A campaign’s report: members entered, in progress (waiting for which step, when it is due), completed, unsubscribed or gone; per step the mails sent and failed with the last error',
        params: campaignParams,
        response: { 200: campaignReport, 404: errorAnswer },
      },
    },
    async (request): Promise<CampaignReport> => {
      const report = await campaignReportQueries(platform.readStore).report(request.params.id, platform.now())
      if (!report) throw new CampaignNotFound()
      // The read model keeps which mail failed last; its reason stays in the outbox with the mail.
      const steps = await Promise.all(
        report.steps.map(async ({ lastFailure, ...step }) => {
          if (!lastFailure) return { ...step, lastFailure: null }
          const mail = await platform.mailer.byId(lastFailure.mailId)
          return { ...step, lastFailure: { at: lastFailure.at, error: mail?.error ?? null } }
        }),
      )
      return { ...report, steps }
    },
  )
}
