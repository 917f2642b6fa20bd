import type { FastifyRequest } from 'fastify'
import { DomainError } from '@reelmates/commands/decider'
import {
  addressMailedWith,
  claimRecommendation,
  claimRecommendationsMailedTo,
} from '@reelmates/commands/recommendation/claimRecommendation'
import { recommendationPorts } from './recommendationPorts'

/**
 * Sign-up with a recommendation mail's token (`recommendationToken`): the recommendation lands in the
 * new inbox and the sender's friend request waits there. The account exists whatever happens to the
 * token, so a refused one (expired, used) is only logged. Answers the position reached (null when
 * nothing was claimed) and the address the mail went to, or null for a token never mailed.
 */
export async function claimRecommendationOnSignUp(
  request: FastifyRequest,
  userId: string,
  token: string,
): Promise<{ position: bigint | null; toEmail: string | null } | null> {
  const ports = recommendationPorts(request.server.platform)
  try {
    return await claimRecommendation(ports, { userId, correlationId: request.id }, token)
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    request.log.info({ reason: error.message }, 'sign-up recommendation not claimed')
    // Not claimed (used, expired), the link still proves whose mailbox its address is.
    return { position: null, toEmail: await addressMailedWith(ports, token) }
  }
}

/**
 * Sign-up through a link (a friend invitation, a recommendation) mailed to the address the account was
 * made with: the mailbox is
 * theirs, so what members recommended to it before the account existed lands in the new inbox (their
 * recommendation mails promised as much, whichever mail the newcomer followed). Answers the position.
 */
export async function claimRecommendationsMailedHere(
  request: FastifyRequest,
  userId: string,
  email: string,
): Promise<bigint | null> {
  const ports = recommendationPorts(request.server.platform)
  return (await claimRecommendationsMailedTo(ports, { userId, correlationId: request.id }, email)).position
}
