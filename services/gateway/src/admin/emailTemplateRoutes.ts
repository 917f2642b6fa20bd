import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  emailTemplateEdit,
  emailTemplateItem,
  emailTemplateParams,
  emailTemplateRestore,
  emailTemplateSave,
  emailTemplatesAnswer,
  renderEmailTemplate,
  renderedMail,
  templateTestAnswer,
  templateTestSent,
} from '@reelmates/contracts/emailTemplates'
import { DomainError } from '@reelmates/commands/decider'
import {
  checkTemplateEdit,
  emailTemplate,
  emailTemplateStreamId,
} from '@reelmates/commands/emailTemplate/emailTemplate'
import { emailTemplateQueries } from '@reelmates/projections/emailTemplates/emailTemplateQueries'
import { emailTemplates } from '@reelmates/scheduler/mail/emailTemplates'
import { builtInTemplate } from '@reelmates/scheduler/mail/builtInTemplates'
import { sampleVariables } from '@reelmates/scheduler/mail/sampleVariables'
import { currentUserId, requireAdmin } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'
import { readUser } from '../account/userDocument'

const savedAnswer = emailTemplateItem.extend({ position: z.string().optional() })

class EmailTemplateNotFound extends DomainError {
  override readonly name = 'EmailTemplateNotFound'
  constructor() {
    super('not_found', 'There is no email template with that name.')
  }
}

const builtInNamed = (name: string) => {
  const builtIn = builtInTemplate(name)
  if (!builtIn) throw new EmailTemplateNotFound()
  return builtIn
}

/** Admins read and edit the templates every mail is rendered from, and preview an edit before saving it. */
export const emailTemplateRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const templates = () => emailTemplates(platform.readStore)
  const config = readsFrom(emailTemplateQueries)

  app.get(
    '/admin/email-templates',
    {
      onRequest: requireAdmin,
      config,
      schema: {
        tags: ['admin'],
        summary: 'Every email template, as mails use it now',
        response: { 200: emailTemplatesAnswer },
      },
    },
    async () => ({ templates: await templates().all() }),
  )

  app.put(
    '/admin/email-templates/:name',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Edit a template (it may use only the variables its mails fill in); with `basedOn`, refused (409) when the template changed since',
        params: emailTemplateParams,
        body: emailTemplateSave,
        response: { 200: savedAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const builtIn = builtInNamed(request.params.name)
      const { basedOn, ...edit } = request.body
      const current = await templates().named(builtIn.name)
      const { events, position } = await execute(request, {
        decider: emailTemplate,
        streamId: emailTemplateStreamId(builtIn.name),
        command: {
          type: 'EditEmailTemplate',
          name: builtIn.name,
          edit,
          currentDescription: current.description,
          variables: builtIn.variables,
          ...(builtIn.required ? { required: builtIn.required } : {}),
          basedOn,
          adminId: currentUserId(request),
          at: platform.now().toISOString(),
        },
      })
      const [edited] = events
      const saved = edited?.type === 'EmailTemplateEdited' ? { ...current, ...edited.data, edited: true } : current
      const { name, description, subject, textContent, htmlContent, variables, editedAt } = saved
      return withPosition(
        { name, description, subject, textContent, htmlContent, variables, edited: true, editedAt },
        position,
      )
    },
  )

  app.delete(
    '/admin/email-templates/:name',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Go back to the built-in text of a template; with `basedOn`, refused (409) when the template was edited since',
        params: emailTemplateParams,
        body: emailTemplateRestore,
        response: { 200: savedAnswer, 400: errorAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const builtIn = builtInNamed(request.params.name)
      const { position } = await execute(request, {
        decider: emailTemplate,
        streamId: emailTemplateStreamId(builtIn.name),
        command: {
          type: 'RestoreEmailTemplate',
          name: builtIn.name,
          basedOn: request.body?.basedOn,
          adminId: currentUserId(request),
          at: platform.now().toISOString(),
        },
      })
      return withPosition({ ...builtIn, variables: [...builtIn.variables], edited: false, editedAt: null }, position)
    },
  )

  app.post(
    '/admin/email-templates/:name/preview',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Render a template (as edited, not yet saved) with sample values of its variables',
        params: emailTemplateParams,
        body: emailTemplateEdit,
        response: { 200: renderedMail, 400: errorAnswer, 404: errorAnswer },
      },
    },
    (request) => {
      const builtIn = builtInNamed(request.params.name)
      // What Save would refuse is refused here too, with the same words.
      checkTemplateEdit(request.body, builtIn.variables, builtIn.required)
      return Promise.resolve(
        renderEmailTemplate(request.body, sampleVariables(builtIn.variables, platform.config.publicUrl, builtIn.name)),
      )
    },
  )

  app.post(
    '/admin/email-templates/:name/test',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Mail me a test of a template: the text given (as edited, saved or not) with sample values, subject marked [Test]',
        params: emailTemplateParams,
        body: emailTemplateEdit,
        response: { 202: templateTestAnswer, 400: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const builtIn = builtInNamed(request.params.name)
      const adminId = currentUserId(request)
      const { position } = await execute(request, {
        decider: emailTemplate,
        streamId: emailTemplateStreamId(builtIn.name),
        command: {
          type: 'RequestTemplateTest',
          name: builtIn.name,
          edit: request.body,
          variables: builtIn.variables,
          ...(builtIn.required ? { required: builtIn.required } : {}),
          adminId,
          at: platform.now().toISOString(),
        },
      })
      const admin = await readUser(platform, adminId)
      return reply.code(202).send(withPosition({ message: templateTestSent(admin?.email ?? 'your address') }, position))
    },
  )
}
