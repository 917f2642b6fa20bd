import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  campaignActivation,
  campaignDeletion,
  campaignEdit,
  campaignParams,
  campaignsAnswer,
  createCampaignRequest,
  deletedCampaignAnswer,
  savedCampaignAnswer,
  type CampaignItem,
  type EmailCampaignEvent,
} from '@reelmates/contracts/campaigns'
import {
  campaign,
  CampaignNameTaken,
  CampaignNotFound,
  campaignStreamId,
  type CampaignCommand,
} from '@reelmates/commands/campaign/campaign'
import { campaignQueries } from '@reelmates/projections/campaigns/campaignQueries'
import { campaignTemplates } from '@reelmates/scheduler/campaigns/campaignTemplates'
import type { FastifyRequest } from 'fastify'
import { currentUserId, requireAdmin } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

// A step's mail carries an unsubscribe link and links to the app: only the campaign templates are made
// for that (a password-reset mail as a step would send members a reset button that leads nowhere).
const templateNames = campaignTemplates.map((template) => template.name)

/** The campaign as it stands after `events`, on top of what the read model knew before them. */
function afterEvents(before: CampaignItem | null, events: EmailCampaignEvent[]): CampaignItem | null {
  let item = before
  for (const event of events) {
    switch (event.type) {
      case 'EmailCampaignCreated': {
        const { campaignId, createdBy: _by, ...rest } = event.data
        item = { ...rest, id: campaignId, updatedAt: rest.createdAt, entered: 0, completed: 0, steps: [] }
        item.steps = event.data.steps.map((step, index) => ({ ...step, stepOrder: index + 1 }))
        break
      }
      case 'EmailCampaignUpdated':
        if (item) {
          const { name, description, triggers, updatedAt } = event.data
          const steps = event.data.steps.map((step, index) => ({ ...step, stepOrder: index + 1 }))
          item = { ...item, name, description, triggers, updatedAt, steps }
        }
        break
      case 'EmailCampaignActivated':
      case 'EmailCampaignPaused':
        if (item) item = { ...item, isActive: event.type === 'EmailCampaignActivated', updatedAt: event.data.at }
        break
      case 'EmailCampaignDeleted':
        item = null
    }
  }
  return item
}

/**
 * Admins build drip campaigns from templates (steps with delays, triggers), activate or pause them,
 * and delete them.
 */
export const campaignRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const campaigns = () => campaignQueries(platform.readStore)
  const config = readsFrom(campaignQueries)

  async function run(request: FastifyRequest, campaignId: string, command: CampaignCommand) {
    const before = await campaigns().byId(campaignId)
    const { events, position } = await execute(request, {
      decider: campaign,
      streamId: campaignStreamId(campaignId),
      command,
    })
    const saved = afterEvents(before, events)
    if (!saved) throw new CampaignNotFound()
    return withPosition(saved, position)
  }

  async function refuseTakenName(name: string, campaignId: string) {
    const taken = (await campaigns().all()).some(
      (other) => other.id !== campaignId && other.name.toLowerCase() === name.toLowerCase(),
    )
    if (taken) throw new CampaignNameTaken()
  }

  app.get(
    '/admin/email-campaigns',
    {
      onRequest: requireAdmin,
      config,
      schema: {
        tags: ['admin'],
        summary: 'Every campaign with its steps, triggers and how many members entered and completed it',
        response: { 200: campaignsAnswer },
      },
    },
    async () => ({ campaigns: await campaigns().all() }),
  )

  app.post(
    '/admin/email-campaigns',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Create a campaign: steps (template, delay in days) and triggers',
        body: createCampaignRequest,
        response: { 201: savedCampaignAnswer, 400: errorAnswer, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const campaignId = platform.newId()
      const { isActive, ...definition } = request.body
      await refuseTakenName(definition.name, campaignId)
      const saved = await run(request, campaignId, {
        type: 'CreateCampaign',
        campaignId,
        definition,
        isActive,
        templates: templateNames,
        adminId: currentUserId(request),
        at: platform.now().toISOString(),
      })
      return reply.code(201).send(saved)
    },
  )

  app.put(
    '/admin/email-campaigns/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Replace a campaign’s name, description, steps and triggers; with `basedOn`, refused (409) when the campaign changed since',
        params: campaignParams,
        body: campaignEdit,
        response: { 200: savedCampaignAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { basedOn, ...definition } = request.body
      // A save of no campaign is that, whatever its name: the name's check alone would answer a 409.
      if (!(await campaigns().byId(request.params.id))) throw new CampaignNotFound()
      await refuseTakenName(definition.name, request.params.id)
      return run(request, request.params.id, {
        type: 'UpdateCampaign',
        campaignId: request.params.id,
        definition,
        basedOn,
        templates: templateNames,
        adminId: currentUserId(request),
        at: platform.now().toISOString(),
      })
    },
  )

  app.post(
    '/admin/email-campaigns/:id/activate',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Activate a campaign: members enter it and move on again; with `basedOn`, refused (409) when the campaign changed since',
        params: campaignParams,
        body: campaignActivation,
        response: { 200: savedCampaignAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    (request) =>
      run(request, request.params.id, {
        type: 'ActivateCampaign',
        campaignId: request.params.id,
        basedOn: request.body?.basedOn,
        adminId: currentUserId(request),
        at: platform.now().toISOString(),
      }),
  )

  app.post(
    '/admin/email-campaigns/:id/pause',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Pause a campaign: nobody enters it and no step goes out until it is activated',
        params: campaignParams,
        response: { 200: savedCampaignAnswer, 404: errorAnswer },
      },
    },
    (request) =>
      run(request, request.params.id, {
        type: 'PauseCampaign',
        campaignId: request.params.id,
        adminId: currentUserId(request),
        at: platform.now().toISOString(),
      }),
  )

  app.delete(
    '/admin/email-campaigns/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Delete a campaign, active or paused: it leaves the list, nobody enters it and its members get no further step; its name is free again and its sent mails stay in the outbox. With `basedOn`, refused (409) when the campaign changed since',
        params: campaignParams,
        body: campaignDeletion,
        response: { 200: deletedCampaignAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const { position } = await execute(request, {
        decider: campaign,
        streamId: campaignStreamId(request.params.id),
        command: {
          type: 'DeleteCampaign',
          campaignId: request.params.id,
          basedOn: request.body?.basedOn,
          adminId: currentUserId(request),
          at: platform.now().toISOString(),
        },
      })
      // Answered once the list has it: its name is free for the next create, whose check reads the list.
      if (position !== null) {
        await platform.projections.waitForPosition(
          position,
          platform.config.readYourWritesTimeoutMs,
          campaignQueries.readModels,
        )
      }
      return withPosition({ message: 'The campaign has been deleted.' }, position)
    },
  )
}
