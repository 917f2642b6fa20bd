import { friendshipIdOf } from '@reelmates/contracts/friendships'
import { recommendationLifetimeDays } from '@reelmates/contracts/recommendations'
import type { MediaRef } from '@reelmates/contracts/media'
import { commandsFor, type Asker, type Changed } from '../friendship/context'
import { friendship, friendshipStreamId } from '../friendship/friendship'
import { loadState } from '../handleCommand'
import { NoRecipient, RecommendationToSelf, UnknownRecipient } from './errors'
import type { RecommendationPorts } from './ports'
import { recommendations, recommendationsStreamId, type Recipient } from './recommendation'
import { newRecommendationToken } from './recommendationToken'
import { FriendAccountDeleted } from '../friendship/errors'
import { checkNewAddress, newAddressesSince } from '../friendship/newAddresses'

const lifetimeMs = recommendationLifetimeDays * 24 * 60 * 60 * 1000

export interface SendInput extends MediaRef {
  mediaTitle: string
  mediaPosterPath: string | null
  toUsernames: readonly string[]
  toEmail: string | null
  note: string | null
}

export interface Sent extends Changed {
  recommendationIds: string[]
}

/**
 * Sends one title to friends (by username) and/or an address, in one append on the sender's stream,
 * so either all of them get it or none does. Friendship and accounts are looked up on their streams
 * (never a read model that may lag); a member's address gets an in-app recommendation and a mail, any
 * other address a sign-up mail that carries it. The scheduler sends those mails in answer to the
 * events (the newcomer's link secret travels sealed in its event) and records each (`emailSent`).
 */
export async function sendRecommendations(ports: RecommendationPorts, asker: Asker, input: SendInput): Promise<Sent> {
  const sender = await ports.members.byId(asker.userId)
  if (!sender) throw new FriendAccountDeleted()
  const recipients: Recipient[] = []
  const named = new Set<string>()

  for (const username of input.toUsernames) {
    const member = await ports.members.byUsername(username)
    if (!member) throw new UnknownRecipient(username.trim())
    if (named.has(member.userId)) continue
    named.add(member.userId)
    const pair = await loadState(
      ports.eventStore,
      friendship,
      friendshipStreamId(friendshipIdOf(sender.userId, member.userId)),
    )
    recipients.push({
      recommendationId: ports.newId(),
      toUserId: member.userId,
      toEmail: null,
      name: member.username,
      friend: member.userId !== sender.userId && pair.status === 'accepted',
      turnedAway: false,
      tokenHash: null,
      expiresAt: null,
      token: null,
    })
  }

  if (input.toEmail !== null) {
    const toEmail = input.toEmail.trim().toLowerCase()
    const member = await ports.members.byEmail(toEmail)
    if (member?.userId === sender.userId) throw new RecommendationToSelf()
    checkNewAddress(await ports.invitedAddresses(sender.userId, toEmail, newAddressesSince(ports.now())))
    const recommendationId = ports.newId()
    // Named and typed in one send, a friend gets one of each, as when sent apart: leaving the address
    // out would tell the sender whose address it was.
    if (member) {
      const pair = await loadState(
        ports.eventStore,
        friendship,
        friendshipStreamId(friendshipIdOf(sender.userId, member.userId)),
      )
      recipients.push({
        recommendationId,
        toUserId: member.userId,
        toEmail,
        name: toEmail,
        friend: true,
        turnedAway: pair.turnedAwayBy === member.userId,
        tokenHash: null,
        expiresAt: null,
        token: null,
      })
    } else {
      const { token, tokenHash } = newRecommendationToken(sender.userId, recommendationId)
      const expiresAt = new Date(ports.now().getTime() + lifetimeMs).toISOString()
      recipients.push({
        recommendationId,
        toUserId: null,
        toEmail,
        name: toEmail,
        friend: false,
        turnedAway: false,
        tokenHash,
        expiresAt,
        token,
      })
    }
  }
  if (recipients.length === 0) throw new NoRecipient()

  const commands = commandsFor(ports, asker)
  const streamId = recommendationsStreamId(sender.userId)
  await commands.run(recommendations, streamId, {
    type: 'SendRecommendations',
    fromUserId: sender.userId,
    tmdbId: input.tmdbId,
    mediaType: input.mediaType,
    mediaTitle: input.mediaTitle,
    mediaPosterPath: input.mediaPosterPath,
    note: input.note,
    recipients,
    at: commands.at(),
  })
  return { recommendationIds: recipients.map((recipient) => recipient.recommendationId), position: commands.position() }
}
