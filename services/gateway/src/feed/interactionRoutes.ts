import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import {
  activityParams,
  activityReactionParams,
  commentAnswer,
  commentBody,
  commentParams,
  commentReactionParams,
} from '@reelmates/contracts/feed'
import { NoSuchActivity, NoSuchComment } from '@reelmates/commands/feed/errors'
import { addComment, deleteComment, editComment, setReaction } from '@reelmates/commands/feed/interactions'
import { feedQueries } from '@reelmates/projections/feed/feedQueries'
import { requireUser, guardEveryRoute } from '../http/auth'
import { withPosition } from '../http/execute'
import { memberRateLimit } from '../http/memberRateLimit'
import type { Platform } from '../platform'
import { askerOf, feedPorts } from './feedPorts'

const refusals = {
  400: errorAnswer,
  401: errorAnswer,
  403: errorAnswer,
  404: errorAnswer,
  409: errorAnswer,
  429: errorAnswer,
}

/**
 * Comments and reactions on an activity (issue 11). Only the owner, their friends (or the activity's
 * audience) may act; to anyone else the activity does not exist (404). Each change leaves an event
 * naming the activity's owner (an add or a reaction also what the activity is, and an add who else
 * follows its thread), from which notifications are derived.
 */
export const interactionRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  guardEveryRoute(app, requireUser)
  const ports = feedPorts(platform)
  const feed = feedQueries(platform.readStore)
  // Each comment and reaction may push to someone: one budget for saying and reacting, per member.
  // Taking back (a delete, an unreact) is never held up.
  const paced = memberRateLimit(app, platform.config.rateLimits.interactions, 'comments and reactions')

  /**
   * The comment as the read model has it once it holds the change (a bounded wait), for the answer.
   * The change stands, but what came after it may already be in too: the comment deleted by the
   * activity's owner, or the activity gone with its owner's account. Then the answer is the one the
   * change would have had a moment later.
   */
  async function commentAfter(userId: string, on: { activityId: string; commentId: string }, position: bigint | null) {
    const caughtUp =
      position === null ||
      (await platform.projections.waitForPosition(
        position,
        platform.config.readYourWritesTimeoutMs,
        feedQueries.readModels,
      ))
    const comment = await feed.comment(userId, on.commentId)
    if (comment) return withPosition(comment, position)
    if (!caughtUp) throw new Error(`comment ${on.commentId} was written but is not in the read model`)
    throw (await feed.access(userId, on.activityId)) ? new NoSuchComment() : new NoSuchActivity()
  }

  app.post(
    '/activities/:id/comments',
    {
      preHandler: paced,
      schema: {
        tags: ['feed'],
        summary: 'Comment on an activity (1 to 2,000 characters, trimmed)',
        description:
          "Tells the activity's owner (notification `comment`) and the others who commented there before and may still read it (`thread-comment`), naming the title, never the words.",
        params: activityParams,
        body: commentBody,
        response: { 201: commentAnswer, ...refusals },
      },
    },
    async (request, reply) => {
      const asker = askerOf(request)
      const added = await addComment(ports, asker, request.params.id, request.body.content)
      const on = { activityId: request.params.id, commentId: added.commentId }
      return reply.code(201).send(await commentAfter(asker.userId, on, added.position))
    },
  )

  app.patch(
    '/comments/:id',
    {
      preHandler: paced,
      schema: {
        tags: ['feed'],
        summary: 'Edit my comment',
        params: commentParams,
        body: commentBody,
        response: { 200: commentAnswer, ...refusals },
      },
    },
    async (request) => {
      const asker = askerOf(request)
      const edited = await editComment(ports, asker, request.params.id, request.body.content)
      return commentAfter(
        asker.userId,
        { activityId: edited.activityId, commentId: request.params.id },
        edited.position,
      )
    },
  )

  app.delete(
    '/comments/:id',
    {
      schema: {
        tags: ['feed'],
        summary: 'Delete my comment, or any comment on my activity',
        params: commentParams,
        response: { 200: mutationAnswer, ...refusals },
      },
    },
    async (request) => withPosition({}, (await deleteComment(ports, askerOf(request), request.params.id)).position),
  )

  for (const on of [true, false]) {
    const verb = on ? 'put' : 'delete'
    app[verb](
      '/activities/:id/reactions/:emoji',
      {
        ...(on ? { preHandler: paced } : {}),
        schema: {
          tags: ['feed'],
          summary: on
            ? 'React to an activity with one of the palette’s emoji (again: no change)'
            : 'Take back my reaction to an activity (not there: no change; 404 once I cannot see it and it is not mine)',
          params: activityReactionParams,
          response: { 200: mutationAnswer, ...refusals },
        },
      },
      async (request) => {
        const { id, emoji } = request.params
        return withPosition({}, (await setReaction(ports, askerOf(request), { activityId: id }, emoji, on)).position)
      },
    )
    app[verb](
      '/comments/:id/reactions/:emoji',
      {
        ...(on ? { preHandler: paced } : {}),
        schema: {
          tags: ['feed'],
          summary: on
            ? 'React to a comment with one of the palette’s emoji (again: no change)'
            : 'Take back my reaction to a comment (not there: no change; 404 once I cannot see it and it is not mine)',
          params: commentReactionParams,
          response: { 200: mutationAnswer, ...refusals },
        },
      },
      async (request) => {
        const { id, emoji } = request.params
        return withPosition({}, (await setReaction(ports, askerOf(request), { commentId: id }, emoji, on)).position)
      },
    )
  }
}
