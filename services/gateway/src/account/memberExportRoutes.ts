import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  memberExport as memberExportAnswer,
  memberExportFileName,
  memberExportQuery,
} from '@reelmates/contracts/memberExport'
import { currentUserId, requireUser } from '../http/auth'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'
import { memberExport, memberExportReads } from './memberExport'

/**
 * `attachment` with the name twice (RFC 6266): plain ASCII for old clients, and UTF-8 for the rest,
 * since a username may be written in any alphabet and a header carries only Latin-1.
 */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`

/** "Download all my data": one file with everything of the signed-in member's. */
export const memberExportRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/user/export',
    {
      onRequest: requireUser,
      config: readsFrom(...memberExportReads),
      schema: {
        tags: ['account'],
        summary:
          'Download all my data: account and settings, watchlist, watched log, friends and requests, ' +
          'my comments and reactions, recommendations sent and received (a JSON attachment)',
        querystring: memberExportQuery,
        response: { 200: memberExportAnswer, 400: errorAnswer, 401: errorAnswer, 410: errorAnswer },
      },
    },
    async (request, reply) => {
      const answer = await memberExport(platform, currentUserId(request))
      void reply.header(
        'Content-Disposition',
        attachment(memberExportFileName(answer.account.username, new Date(answer.exportedAt), request.query.timeZone)),
      )
      // A file a person opens, not only a program: indented, one field a line. Written on one line it
      // was a single line of some hundred kilobytes in a text editor. The schema still shapes it first.
      const shaped = memberExportAnswer.parse(answer)
      // With a serializer of its own, fastify no longer names the type: said here, as the API document does.
      void reply
        .type('application/json; charset=utf-8')
        .serializer((payload: unknown) => JSON.stringify(payload, null, 2))
      return shaped
    },
  )
}
