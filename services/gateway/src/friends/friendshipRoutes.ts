import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  acceptWithTokenAnswer,
  acceptWithTokenQuery,
  friendRequest,
  friendRequestAnswer,
  friendsAnswer,
  friendshipAnswer,
  friendshipMessages,
  friendshipParams,
  invitationParams,
} from '@reelmates/contracts/friendships'
import { errorAnswer, mutationAnswer } from '@reelmates/contracts/answers'
import {
  answerFriendship,
  friendshipFromStream,
  requestByUsername,
} from '@reelmates/commands/friendship/friendRequests'
import { NoSuchFriendRequest, NoSuchInvitation } from '@reelmates/commands/friendship/errors'
import { acceptInvitation, cancelInvitation, inviteByEmail } from '@reelmates/commands/friendship/invitations'
import { friendsQueries } from '@reelmates/projections/friends/friendsQueries'
import { currentUserId, requireUser, guardEveryRoute } from '../http/auth'
import { withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { TurnsPerKey } from '../http/turnsPerKey'
import type { Platform } from '../platform'
import { askerOf, friendshipPorts } from './friendshipPorts'

const refusals = {
  400: errorAnswer,
  401: errorAnswer,
  403: errorAnswer,
  404: errorAnswer,
  409: errorAnswer,
  410: errorAnswer,
}

/** My friends, requests and invitations: ask, invite, accept, decline, cancel, unfriend. */
export const friendshipRoutes: FastifyPluginAsyncZod<{ platform: Platform; addressMailing: TurnsPerKey }> = async (
  app,
  { platform, addressMailing },
) => {
  guardEveryRoute(app, requireUser)
  const ports = friendshipPorts(platform)
  const friends = friendsQueries(platform.readStore)

  /**
   * The friendship as the asker sees it once the read model has the change; if the read model is
   * still behind after the bounded wait, the stream says the same, so the change is answered all the same.
   */
  async function viewAfter(friendshipId: string, userId: string, position: bigint | null) {
    if (position !== null)
      await platform.projections.waitForPosition(
        position,
        platform.config.readYourWritesTimeoutMs,
        friendsQueries.readModels,
      )
    const friendship =
      (await friends.view(friendshipId, userId)) ?? (await friendshipFromStream(ports, friendshipId, userId))
    // The other side declined, cancelled or unfriended (or left) just after the change: a moment later
    // the change would have been refused so, and the screen asks again.
    if (!friendship) throw new NoSuchFriendRequest()
    return withPosition({ friendship }, position)
  }

  app.post(
    '/friendships',
    {
      schema: {
        tags: ['friends'],
        summary:
          'Ask a member by username ({ friendship }), or invite an email address ({ invitation }; again = resend). ' +
          'Asking someone who already asked me accepts their request.',
        body: friendRequest,
        response: { 201: friendRequestAnswer, ...refusals, 429: errorAnswer },
      },
    },
    async (request, reply) => {
      const asker = askerOf(request)
      if ('username' in request.body) {
        const change = await requestByUsername(ports, asker, request.body.username)
        return reply.code(201).send(await viewAfter(change.friendshipId, asker.userId, change.position))
      }
      const { email } = request.body
      // One address at a time per sender, through the read model's wait: the limit on new addresses a
      // day counts what the sends before it stored, so a burst sent at once cannot pass it together.
      const sent = await addressMailing.run(asker.userId, async () => {
        const result = await inviteByEmail(ports, asker, email)
        const caughtUp =
          result.position === null ||
          (await platform.projections.waitForPosition(result.position, platform.config.readYourWritesTimeoutMs))
        return { result, caughtUp }
      })
      const { result, caughtUp } = sent
      if (result.kind === 'friendship')
        return reply.code(201).send(await viewAfter(result.friendshipId, asker.userId, result.position))
      const invitation = await friends.invitationTo(asker.userId, email)
      if (!invitation && !caughtUp)
        throw new Error(`invitation ${result.invitationId} was sent but is not in the read model`)
      // Cancelled from another tab before the answer was read.
      if (!invitation) throw new NoSuchInvitation()
      return reply.code(201).send(withPosition({ invitation }, result.position))
    },
  )

  app.get(
    '/friendships',
    {
      config: readsFrom(friendsQueries),
      schema: {
        tags: ['friends'],
        summary: 'My friends, incoming and outgoing requests, and invitations not yet taken up',
        response: { 200: friendsAnswer, 401: errorAnswer },
      },
    },
    (request) => friends.overview(currentUserId(request)),
  )

  app.get(
    '/friendships/accept-with-token',
    {
      schema: {
        tags: ['friends'],
        summary:
          'Accept the invitation of a mail link (spec §7). Already friends: 409 whose message contains "already been".',
        querystring: acceptWithTokenQuery,
        response: { 200: acceptWithTokenAnswer, ...refusals },
      },
    },
    async (request) => {
      const accepted = await acceptInvitation(ports, askerOf(request), request.query.token)
      const { inviter } = accepted
      return withPosition(
        {
          message: friendshipMessages.requestAccepted(inviter.username),
          friendshipId: accepted.friendshipId,
          user: { id: inviter.userId, username: inviter.username, avatarUrl: inviter.avatarUrl },
        },
        accepted.position,
      )
    },
  )

  app.post(
    '/friendships/:id/accept',
    {
      schema: {
        tags: ['friends'],
        summary: 'Accept a friend request sent to me',
        params: friendshipParams,
        response: { 200: friendshipAnswer, ...refusals },
      },
    },
    async (request) => {
      const asker = askerOf(request)
      const change = await answerFriendship(ports, asker, request.params.id, 'AcceptFriendRequest')
      return viewAfter(change.friendshipId, asker.userId, change.position)
    },
  )

  app.post(
    '/friendships/:id/decline',
    {
      schema: {
        tags: ['friends'],
        summary: 'Decline a friend request sent to me',
        params: friendshipParams,
        response: { 200: mutationAnswer, ...refusals },
      },
    },
    async (request) => {
      const change = await answerFriendship(ports, askerOf(request), request.params.id, 'DeclineFriendRequest')
      return withPosition({}, change.position)
    },
  )

  app.delete(
    '/friendships/:id',
    {
      schema: {
        tags: ['friends'],
        summary: 'Cancel my pending request, or unfriend',
        params: friendshipParams,
        response: { 200: mutationAnswer, ...refusals },
      },
    },
    async (request) => {
      const change = await answerFriendship(ports, askerOf(request), request.params.id, 'EndFriendship')
      return withPosition({}, change.position)
    },
  )

  app.delete(
    '/friendships/invitations/:id',
    {
      schema: {
        tags: ['friends'],
        summary:
          'Cancel an invitation I mailed: its links stop working, and the friend request it made to a member goes with it',
        params: invitationParams,
        response: { 200: mutationAnswer, ...refusals },
      },
    },
    async (request) => {
      const change = await cancelInvitation(ports, askerOf(request), request.params.id)
      return withPosition({}, change.position)
    },
  )
}
