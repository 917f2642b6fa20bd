import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { userAnswer } from '@reelmates/contracts/account'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  avatarMessages,
  avatarParams,
  avatarQuery,
  avatarSide,
  avatarUploadMaxBytes,
  avatarUploadTypes,
} from '@reelmates/contracts/avatars'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { OversizedImage, reencodeAvatar, UnreadableImage } from '@reelmates/infra/images/avatarImage'
import { avatarQueries, type StoredAvatar } from '@reelmates/projections/avatars/avatarQueries'
import { currentUserId, requireUser } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'
import { changedUser } from './userDocument'

const tooLarge = { message: avatarMessages.tooLarge, error: 'Payload Too Large' }
const badImage = (message: string) => ({ message, error: 'Bad Request' })
const otherType = { message: avatarMessages.notAnImage, error: 'Unsupported Media Type' }
const uploadTypes: ReadonlySet<string> = new Set(avatarUploadTypes)

/**
 * Any other type (SVG, bytes, text, JSON) is refused in the member's words before its body is read:
 * left to fastify, one has no parser here (a bare 415) and another is parsed as text or JSON.
 */
async function refuseOtherTypes(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? ''
  if (!uploadTypes.has(type)) await reply.code(415).send(otherType)
}

/** A declared length beyond the limit is refused before a byte of the body is read. */
async function refuseOversized(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const length = Number(request.headers['content-length'])
  if (Number.isFinite(length) && length > avatarUploadMaxBytes) await reply.code(413).send(tooLarge)
}

/**
 * Avatars: upload (the picture itself as the body, `Content-Type: image/*`), remove, and serve. Only
 * the member changes their own (the routes take no user id); any signed-in member may see anyone's.
 */
export const avatarRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const stored = avatarQueries(platform.readStore)

  // Scoped to this plugin: no other route accepts a raw image body.
  app.addContentTypeParser(
    [...avatarUploadTypes],
    { parseAs: 'buffer', bodyLimit: avatarUploadMaxBytes },
    (_r, body, done) => done(null, body),
  )

  app.put(
    '/user/avatar',
    {
      onRequest: [requireUser, refuseOtherTypes, refuseOversized],
      bodyLimit: avatarUploadMaxBytes,
      schema: {
        tags: ['account'],
        summary: `Upload an avatar: the picture as the body (${avatarUploadTypes.join(', ')}, at most 2 MB); it is resized to ${avatarSide}×${avatarSide} and re-encoded`,
        response: { 200: userAnswer, 400: errorAnswer, 401: errorAnswer, 413: errorAnswer, 415: errorAnswer },
      },
    },
    async (request, reply) => {
      const body: unknown = request.body
      if (!Buffer.isBuffer(body)) return reply.code(415).send(otherType)
      if (body.length === 0) return reply.code(400).send(badImage(avatarMessages.empty))
      let avatar
      try {
        avatar = await reencodeAvatar(body, avatarSide)
      } catch (error) {
        if (error instanceof UnreadableImage) return reply.code(400).send(badImage(avatarMessages.notAnImage))
        if (error instanceof OversizedImage) return reply.code(400).send(badImage(avatarMessages.tooManyPixels))
        throw error
      }
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: account,
        streamId: accountStreamId(userId),
        command: {
          type: 'UploadAvatar',
          userId,
          image: avatar.image.toString('base64'),
          version: avatar.version,
          contentType: avatar.contentType,
          at: platform.now().toISOString(),
        },
      })
      return withPosition(await changedUser(platform, userId, position), position)
    },
  )

  app.delete(
    '/user/avatar',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Remove my avatar (an uploaded picture is erased; a linked address is forgotten)',
        response: { 200: userAnswer, 401: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { position } = await execute(request, {
        decider: account,
        streamId: accountStreamId(userId),
        command: { type: 'UpdateProfile', userId, changes: { avatarUrl: null }, currentPassword: 'absent' },
      })
      return withPosition(await changedUser(platform, userId, position), position)
    },
  )

  app.get(
    '/avatars/:userId',
    {
      onRequest: requireUser,
      config: {
        ...readsFrom(avatarQueries),
        answersAs: {
          description: 'The picture',
          types: ['image/webp'],
          notModified: 'If-None-Match names the picture the browser has',
        },
      },
      schema: {
        tags: ['account'],
        summary:
          "A member's uploaded avatar (WebP). Cached for good at its versioned address (?v=), revalidated by ETag otherwise",
        params: avatarParams,
        querystring: avatarQuery,
        response: { 400: errorAnswer, 401: errorAnswer, 404: errorAnswer },
      },
    },
    async (request, reply) => {
      const avatar = await stored.ofMember(request.params.userId)
      if (!avatar) return reply.code(404).send({ message: avatarMessages.notFound, error: 'Not Found' })
      return sendPicture(request.query.v, request.headers['if-none-match'], reply, avatar)
    },
  )
}

/**
 * The picture, or 304 when the browser has it. The versioned address never changes its picture, so it
 * is cached for good; any other (no or an old `?v=`) is revalidated by ETag on every use.
 */
function sendPicture(
  askedVersion: string | undefined,
  ifNoneMatch: string | undefined,
  reply: FastifyReply,
  avatar: StoredAvatar,
) {
  const etag = `"${avatar.version}"`
  void reply
    .header('ETag', etag)
    .header(
      'Cache-Control',
      askedVersion === avatar.version ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    )
  if (ifNoneMatch === etag) return reply.code(304).send()
  return reply.type(avatar.contentType).send(avatar.image)
}
