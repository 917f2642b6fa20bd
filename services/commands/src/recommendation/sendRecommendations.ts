import { friendshipIdOf } from '@reelmates/contracts/friendships'
import { recommendationLifetimeDays } from '@reelmates/contracts/recommendations'
import type { MediaRef } from '@reelmates/contracts/media'
import { commandsFor, type Asker, type Changed } from '../friendship/context'
import { friendship, friendshipStreamId } from '../friendship/friendship'
import type { Member } from '../friendship/members'
import { loadState } from '../handleCommand'
import { NoRecipient, RecommendationToSelf, UnknownRecipient } from './errors'
import type { RecommendationPorts } from './ports'
import { recommendations, recommendationsStreamId, type Recipient } from './recommendation'
import { newRecommendationToken } from './recommendationToken'
import { FriendAccountDeleted } from '../friendship/errors'

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

/** A recipient to mail once the recommendation is recorded. */
type Mail =
  | { kind: 'member'; to: Member; recommendationId: string }
  | { kind: 'newcomer'; toEmail: string; token: string; recommendationId: string }

/**
 * Sends one title to friends (by username) and/or an address, in one append on the sender's stream,
 * so either all of them get it or none does. Friendship and accounts are looked up on their streams
 * (never a read model that may lag); a member's address gets an in-app recommendation and a mail, any
 * other address a sign-up mail that carries it. Each mail sent is recorded (`emailSent`).
 */
export async function sendRecommendations(ports: RecommendationPorts, asker: Asker, input: SendInput): Promise<Sent> {
  const sender = await ports.members.byId(asker.userId)
  if (!sender) throw new FriendAccountDeleted()
  const recipients: Recipient[] = []
  const mails: Mail[] = []
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
      tokenHash: null,
      expiresAt: null,
    })
  }

  if (input.toEmail !== null) {
    const toEmail = input.toEmail.trim().toLowerCase()
    const member = await ports.members.byEmail(toEmail)
    if (member?.userId === sender.userId) throw new RecommendationToSelf()
    const recommendationId = ports.newId()
    if (member && !named.has(member.userId)) {
      recipients.push({
        recommendationId,
        toUserId: member.userId,
        toEmail,
        name: toEmail,
        friend: true,
        tokenHash: null,
        expiresAt: null,
      })
      mails.push({ kind: 'member', to: member, recommendationId })
    } else if (!member) {
      const { token, tokenHash } = newRecommendationToken(sender.userId, recommendationId)
      const expiresAt = new Date(ports.now().getTime() + lifetimeMs).toISOString()
      recipients.push({ recommendationId, toUserId: null, toEmail, name: toEmail, friend: false, tokenHash, expiresAt })
      mails.push({ kind: 'newcomer', toEmail, token, recommendationId })
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
  const title = {
    tmdbId: input.tmdbId,
    mediaType: input.mediaType,
    mediaTitle: input.mediaTitle,
    mediaPosterPath: input.mediaPosterPath,
    note: input.note?.trim() || null,
  }
  for (const mail of mails) {
    if (mail.kind === 'member') await ports.mails.toMember(mail.to, sender, title)
    else await ports.mails.toNewcomer(mail.toEmail, sender, title, mail.token)
    await commands.run(recommendations, streamId, {
      type: 'RecordRecommendationEmailed',
      recommendationId: mail.recommendationId,
      at: commands.at(),
    })
  }
  return { recommendationIds: recipients.map((recipient) => recipient.recommendationId), position: commands.position() }
}
