import { friendshipIdOf } from '@reelmates/contracts/friendships'
import { DomainError } from '../decider'
import { commandsFor, type Asker, type Changed } from '../friendship/context'
import { friendship, friendshipStreamId } from '../friendship/friendship'
import { RecommendationTokenInvalid } from './errors'
import type { RecommendationPorts } from './ports'
import { recommendations, recommendationsStreamId } from './recommendation'
import { readRecommendationToken } from './recommendationToken'

/**
 * A newcomer signed up through a recommendation mail: the recommendation becomes theirs (it is in their
 * inbox), and a friend request from the sender waits for them, so that answering it is one tap. The
 * request is made on the sender's behalf by their mail; when the two are already asking or friends
 * it is left as it is.
 */
export async function claimRecommendation(ports: RecommendationPorts, asker: Asker, token: string): Promise<Changed> {
  const parsed = readRecommendationToken(token)
  if (!parsed) throw new RecommendationTokenInvalid()
  const { fromUserId, recommendationId, tokenHash } = parsed
  const commands = commandsFor(ports, asker)
  const [sender, newcomer] = await Promise.all([ports.members.byId(fromUserId), ports.members.byId(asker.userId)])
  // The sender has deleted their account since: what they sent went with it, and nothing is claimed
  // (the newcomer would be told of a recommendation no list holds).
  if (!sender) throw new RecommendationTokenInvalid()
  await commands.run(recommendations, recommendationsStreamId(fromUserId), {
    type: 'ClaimRecommendation',
    recommendationId,
    tokenHash,
    userId: asker.userId,
    at: commands.at(),
  })
  if (newcomer) {
    try {
      await commands.run(friendship, friendshipStreamId(friendshipIdOf(fromUserId, asker.userId)), {
        type: 'SendFriendRequest',
        fromUserId,
        toUserId: asker.userId,
        invitationId: null,
        at: commands.at(),
        otherUsername: newcomer.username,
        otherDeleted: false,
      })
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
    }
  }
  return { position: commands.position() }
}
