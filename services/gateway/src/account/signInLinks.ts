import type { FastifyRequest } from 'fastify'
import { account, accountStreamId, type SignInLink } from '@reelmates/commands/account/account'
import { AccountGone, AccountNotFound, SignInLinkInvalid } from '@reelmates/commands/account/errors'
import { loadState } from '@reelmates/commands/handleCommand'
import { execute } from '../http/execute'
import { newLinkToken, readLinkToken, sameSitePath } from './tokens'

export const signInLinkLifetimeMs = 15 * 60 * 1000

/**
 * Issues a single-use link that signs its holder in as `userId` (15 minutes). Other features use it
 * for mails that should work in one click, e.g. an invitation whose link signs in and then runs
 * `action` (the web app reads `action`/`actionData` from `/api/auth/process-token`). Null when none was
 * issued: a suspended account gets no link.
 */
export async function issueSignInLink(
  request: FastifyRequest,
  link: { userId: string; redirect?: string | null; action?: string | null; actionData?: unknown },
): Promise<{ token: string; url: string; position: bigint } | null> {
  const platform = request.server.platform
  const { token, tokenHash } = newLinkToken(link.userId)
  const redirect = sameSitePath(link.redirect)
  const { position } = await execute(request, {
    decider: account,
    streamId: accountStreamId(link.userId),
    command: {
      type: 'IssueSignInLink',
      userId: link.userId,
      tokenHash,
      expiresAt: new Date(platform.now().getTime() + signInLinkLifetimeMs).toISOString(),
      redirect,
      action: link.action ?? null,
      actionData: link.actionData ?? null,
      token,
    },
  })
  if (position === null) return null
  const query = new URLSearchParams({ token, ...(redirect ? { redirect } : {}) })
  return { token, url: `${platform.config.publicUrl}/magic-link?${query.toString()}`, position }
}

/**
 * Spends a sign-in link: answers whose it was and what it was for, or throws the decider's refusal
 * (unknown, used, expired). A token of a missing or deleted account is just an invalid link.
 */
export async function useSignInLink(
  request: FastifyRequest,
  token: string,
): Promise<{ userId: string; link: SignInLink; role: 'User' | 'Admin'; position: bigint | null }> {
  const platform = request.server.platform
  const parsed = readLinkToken(token)
  if (!parsed) throw new SignInLinkInvalid()
  const { userId, tokenHash } = parsed
  let position: bigint | null
  try {
    ;({ position } = await execute(request, {
      decider: account,
      streamId: accountStreamId(userId),
      actorId: userId,
      command: { type: 'UseSignInLink', userId, tokenHash, at: platform.now().toISOString() },
    }))
  } catch (error) {
    if (error instanceof AccountNotFound || error instanceof AccountGone) throw new SignInLinkInvalid()
    throw error
  }
  const state = await loadState(platform.eventStore, account, accountStreamId(userId))
  const link = state.signInLinks.get(tokenHash)
  if (!link) throw new Error(`sign-in link of ${userId} was used but is not in the account`)
  return { userId, link, role: state.role, position }
}
