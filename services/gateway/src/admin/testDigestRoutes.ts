import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { messageAnswer } from '@reelmates/contracts/account'
import { renderEmailTemplate } from '@reelmates/contracts/emailTemplates'
import { testDigestAnswer, testDigestBody, testDigestQuery } from '@reelmates/contracts/digests'
import { DomainError } from '@reelmates/commands/decider'
import { digest, digestStreamId } from '@reelmates/commands/digest/digest'
import { digestQueries } from '@reelmates/projections/digests/digestQueries'
import { userQueries } from '@reelmates/projections/users/userQueries'
import { emailTemplates } from '@reelmates/scheduler/mail/emailTemplates'
import { digestFor } from '@reelmates/scheduler/digests/digestFor'
import { unsubscribeFor, unsubscribeSecretFrom } from '@reelmates/scheduler/campaigns/unsubscribe'
import { digestWindow } from '@reelmates/scheduler/digests/digestSchedule'
import { streamingChanges, streamingToday } from '@reelmates/scheduler/digests/streamingNews'
import { streamingQueries } from '@reelmates/projections/digests/streamingQueries'
import { currentUserId, requireAdmin } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

class NoSuchMember extends DomainError {
  override readonly name = 'NoSuchMember'
  constructor(username: string) {
    super('not_found', `There is no member called ${username}.`)
  }
}

class EmptyDigest extends DomainError {
  override readonly name = 'EmptyDigest'
  constructor(username: string) {
    super('conflict', `Nothing happened for ${username} in this period, so no digest would go out.`)
  }
}

/** `/test-digest`: any member's digest as it would go out now, rendered, and sent to the admin who asks. */
export const testDigestRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const { readStore } = platform
  const compose = digestFor(readStore, platform.config.publicUrl)

  /** The member's digest now, over the window the job would send it for (`digestWindow`). */
  async function digestNow(username: string) {
    const member = await userQueries(readStore).byUsername(username)
    const reader = member && (await digestQueries(readStore).reader(member.id))
    if (!member || !reader) throw new NoSuchMember(username)
    const period = {
      digestType: reader.digestType,
      ...digestWindow(reader.digestType, reader.lastDigestSent, platform.now()),
    }
    // Streaming as the job would find it now (the catalog the gateway serves from); nothing is recorded.
    const streaming = await streamingChanges(readStore, streamingToday(platform.catalog), member.id)
    const composed = await compose(member.id, period, streaming)
    if (!composed) throw new NoSuchMember(username)
    return { member, reader, period, composed, streaming }
  }

  app.get(
    '/admin/test-digest',
    {
      onRequest: requireAdmin,
      config: readsFrom(digestQueries, userQueries, streamingQueries),
      schema: {
        tags: ['admin'],
        summary: 'A member’s digest as it would go out now (nothing is recorded or sent)',
        querystring: testDigestQuery,
        response: { 200: testDigestAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const { member, reader, period, composed } = await digestNow(request.query.username)
      const { link: unsubscribeLink } = unsubscribeFor(member.id, 'digests', {
        publicUrl: platform.config.publicUrl,
        secret: unsubscribeSecretFrom(platform.config.sessionSecret),
      })
      const rendered = renderEmailTemplate(await emailTemplates(readStore).named('digest'), {
        ...composed.variables,
        unsubscribeLink,
      })
      return { ...rendered, empty: composed.empty, setting: reader.setting, ...period }
    },
  )

  app.post(
    '/admin/test-digest',
    {
      onRequest: requireAdmin,
      config: readsFrom(digestQueries, userQueries, streamingQueries),
      schema: {
        tags: ['admin'],
        summary: 'Send a member’s digest, as it would go out now, to me',
        body: testDigestBody,
        response: { 202: messageAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request, reply) => {
      const { member, period, composed, streaming } = await digestNow(request.body.username)
      if (composed.empty) throw new EmptyDigest(member.username)
      const { position } = await execute(request, {
        decider: digest,
        streamId: digestStreamId(member.id),
        command: {
          type: 'RequestTestDigest',
          userId: member.id,
          adminId: currentUserId(request),
          ...period,
          at: platform.now().toISOString(),
          streaming,
        },
      })
      return reply
        .code(202)
        .send(withPosition({ message: `${member.username}’s digest is on its way to you.` }, position))
    },
  )
}
