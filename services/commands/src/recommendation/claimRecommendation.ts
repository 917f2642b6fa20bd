import { friendshipIdOf } from '@reelmates/contracts/friendships'
import { maskedAddress, sameAddress, type LinkOpener } from '@reelmates/contracts/mailedLinks'
import { DomainError } from '../decider'
import { loadState } from '../handleCommand'
import { commandsFor, type Asker, type Changed } from '../friendship/context'
import { friendship, friendshipStreamId } from '../friendship/friendship'
import { RecommendationSenderLeft, RecommendationTokenInvalid } from './errors'
import type { RecommendationPorts } from './ports'
import { checkClaimable, recommendations, recommendationsStreamId, type RecommendationRecord } from './recommendation'
import { readRecommendationToken } from './recommendationToken'

/**
 * A newcomer signed up through a recommendation mail, or a member signed in from it: the recommendation
 * becomes theirs (it is in their inbox), and a friend request from the sender waits for them, so that
 * answering it is one tap. The request is made on the sender's behalf by their mail; when the two are
 * already asking or friends it is left as it is. The member who claimed it already and follows the link
 * again changes nothing and is not refused: it is in their inbox, as the link promised.
 */
export async function claimRecommendation(
  ports: RecommendationPorts,
  asker: Asker,
  token: string,
): Promise<Changed & { toEmail: string | null; recommendationId: string }> {
  const parsed = readRecommendationToken(token)
  if (!parsed) throw new RecommendationTokenInvalid()
  const { fromUserId, recommendationId, tokenHash } = parsed
  const commands = commandsFor(ports, asker)
  const streamId = recommendationsStreamId(fromUserId)
  const [sender, newcomer, state] = await Promise.all([
    ports.members.byId(fromUserId),
    ports.members.byId(asker.userId),
    loadState(ports.eventStore, recommendations, streamId),
  ])
  const record = state.byId.get(recommendationId)
  const toEmail = record?.toEmail ?? null
  const theirsAlready = record?.claimed === true && record.toUserId === asker.userId && record.tokenHash === tokenHash
  // The sender has deleted their account since: what they sent went with it, and nothing is claimed
  // (the newcomer would be told of a recommendation no list holds). Refused as the preview refuses it.
  if (!sender) refuseWithoutSender(record, tokenHash, theirsAlready, commands.at())
  if (theirsAlready) return { position: null, toEmail, recommendationId }
  await commands.run(recommendations, streamId, {
    type: 'ClaimRecommendation',
    recommendationId,
    tokenHash,
    userId: asker.userId,
    at: commands.at(),
  })
  if (newcomer) await requestFriendshipFor(commands, fromUserId, newcomer)
  // The address the link was mailed to: whoever followed it reads that mailbox.
  return { position: commands.position(), toEmail, recommendationId }
}

/**
 * Who recommended what through a sign-up link, for the page it opens to say so before anyone signs
 * up. Refused as claiming it would be (unknown, used, expired; a sender who has left took it with
 * them); nothing is written.
 *
 * A member signed in (`openerId`) is also told who they are to it (`opener`), so the app asks before
 * claiming a link mailed to someone else's address, and whether they are the sender's friends already
 * (no friend request comes with it then, and the question must not promise one). Its sender is told so whatever became of the link
 * (their Sent box shows it anyway), and the member who claimed it already is not refused, as a claim
 * again is not.
 */
export async function recommendationOfLink(
  ports: RecommendationPorts,
  token: string,
  openerId?: string,
): Promise<{ from: string; mediaTitle: string; opener?: LinkOpener }> {
  const parsed = readRecommendationToken(token)
  if (!parsed) throw new RecommendationTokenInvalid()
  const state = await loadState(ports.eventStore, recommendations, recommendationsStreamId(parsed.fromUserId))
  const record = state.byId.get(parsed.recommendationId)
  if (!record || record.tokenHash === null || record.tokenHash !== parsed.tokenHash)
    throw new RecommendationTokenInvalid()
  const now = ports.now().toISOString()
  const isSender = openerId === parsed.fromUserId
  const theirsAlready = record.claimed && record.toUserId !== null && record.toUserId === openerId
  if (!isSender && !theirsAlready) checkClaimable(record, now)
  const sender = await ports.members.byId(parsed.fromUserId)
  if (!sender) throw new RecommendationSenderLeft()
  const about = { from: sender.username, mediaTitle: record.mediaTitle }
  if (openerId === undefined) return about
  const sentTo = record.toEmail === null ? null : maskedAddress(record.toEmail)
  const open = !isClaimedOrExpired(record, now)
  if (isSender) return { ...about, opener: { is: 'sender', sentTo, open, friends: false } }
  const [opener, pair] = await Promise.all([
    theirsAlready ? null : ports.members.byId(openerId),
    loadState(ports.eventStore, friendship, friendshipStreamId(friendshipIdOf(parsed.fromUserId, openerId))),
  ])
  const addressee = theirsAlready || sameAddress(opener?.email, record.toEmail)
  const friends = pair.status === 'accepted'
  return { ...about, opener: { is: addressee ? 'addressee' : 'other', sentTo, open, friends } }
}

/**
 * A link whose sender has left: refused as a link (invalid, used, expired) when it would be refused
 * anyway, else because its sender left, which is why it brings nothing, rather than "invalid".
 */
function refuseWithoutSender(
  record: RecommendationRecord | undefined,
  tokenHash: string,
  theirsAlready: boolean,
  at: string,
): never {
  if (!record || record.tokenHash === null || record.tokenHash !== tokenHash) throw new RecommendationTokenInvalid()
  if (!theirsAlready) checkClaimable(record, at)
  throw new RecommendationSenderLeft()
}

const isClaimedOrExpired = (record: Parameters<typeof checkClaimable>[0], at: string): boolean => {
  try {
    checkClaimable(record, at)
    return false
  } catch (error) {
    if (error instanceof DomainError) return true
    throw error
  }
}

/**
 * The address a recommendation link was mailed to, whatever became of the link (used by someone else,
 * expired, its sender gone): holding it proves the mailbox, which is all a sign-up with that address
 * needs to take in what was recommended to it. Null for a token that was never mailed.
 */
export async function addressMailedWith(ports: RecommendationPorts, token: string): Promise<string | null> {
  const parsed = readRecommendationToken(token)
  if (!parsed) return null
  const state = await loadState(ports.eventStore, recommendations, recommendationsStreamId(parsed.fromUserId))
  const record = state.byId.get(parsed.recommendationId)
  return record && record.tokenHash !== null && record.tokenHash === parsed.tokenHash ? record.toEmail : null
}

/**
 * A newcomer signed up through another link mailed to their address (a friend invitation, or another
 * recommendation): what was
 * recommended to that address before they had an account is theirs as well, each with its sender's
 * friend request, as its mail promised. One that cannot be claimed (expired, sender gone) is skipped.
 */
export async function claimRecommendationsMailedTo(
  ports: RecommendationPorts,
  asker: Asker,
  email: string,
): Promise<Changed> {
  const commands = commandsFor(ports, asker)
  const newcomer = await ports.members.byId(asker.userId)
  for (const { recommendationId, fromUserId } of await ports.waitingAt(email)) {
    if (!(await ports.members.byId(fromUserId))) continue
    try {
      await commands.run(recommendations, recommendationsStreamId(fromUserId), {
        type: 'ClaimRecommendationMailedTo',
        recommendationId,
        email,
        userId: asker.userId,
        at: commands.at(),
      })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      continue
    }
    if (newcomer) await requestFriendshipFor(commands, fromUserId, newcomer)
  }
  return { position: commands.position() }
}

/** The sender's friend request, waiting for the newcomer; left as it is when they already ask or are friends. */
async function requestFriendshipFor(
  commands: ReturnType<typeof commandsFor>,
  fromUserId: string,
  newcomer: { userId: string; username: string },
): Promise<void> {
  try {
    await commands.run(friendship, friendshipStreamId(friendshipIdOf(fromUserId, newcomer.userId)), {
      type: 'SendFriendRequest',
      fromUserId,
      toUserId: newcomer.userId,
      invitationId: null,
      at: commands.at(),
      otherUsername: newcomer.username,
      otherDeleted: false,
    })
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
  }
}
