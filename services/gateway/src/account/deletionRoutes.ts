import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { deleteAccountRequest, messageAnswer } from '@reelmates/contracts/account'
import { account, accountStreamId, type PasswordCheck } from '@reelmates/commands/account/account'
import { loadState } from '@reelmates/commands/handleCommand'
import { eraseAccountData } from '@reelmates/scheduler'
import { currentUserId, endSessionOfDeletedAccount, requireUser } from '../http/auth'
import { execute } from '../http/execute'
import type { Platform } from '../platform'
import { errorAnswer } from '@reelmates/contracts/answers'
import type { WrongPasswordGuard } from './wrongPasswords'

/** Account deletion: the fact goes in the log, the personal data is erased everywhere. */
export const deletionRoutes: FastifyPluginAsyncZod<{ platform: Platform; wrongPasswords: WrongPasswordGuard }> = async (
  app,
  { platform, wrongPasswords },
) => {
  const { eventStore } = platform

  app.delete(
    '/user',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Delete the account and erase its personal data everywhere (needs the current password)',
        body: deleteAccountRequest,
        response: { 200: messageAnswer, 400: errorAnswer, 429: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const state = await loadState(eventStore, account, accountStreamId(userId))
      if (state.status === 'deleted') {
        // Deleted before, but the erasure did not finish (the process stopped half-way): finish it.
        await eraseAccount(platform, userId, null)
        await endSessionOfDeletedAccount(request)
        return { message: 'Your account has been deleted.' }
      }
      const { position } = await wrongPasswords.check(userId, async () => {
        const check: PasswordCheck = (await platform.passwords.verify(request.body.currentPassword, state.passwordHash))
          ? 'correct'
          : 'incorrect'
        return execute(request, {
          decider: account,
          streamId: accountStreamId(userId),
          command: {
            type: 'DeleteAccount',
            userId,
            currentPassword: check,
            passwordHashChecked: state.passwordHash,
            deletedAt: platform.now().toISOString(),
          },
        })
      })
      await eraseAccount(platform, userId, position)
      await endSessionOfDeletedAccount(request)
      return { message: 'Your account has been deleted.' }
    },
  )
}

/**
 * After `AccountDeleted`: the mail, the sessions and the key go (the scheduler's erasure, run here at
 * once so that the person sees it done; the scheduler repeats it if this process stops half-way), then
 * through the projections their documents; the embedded read store then writes a snapshot without them.
 */
export async function eraseAccount(platform: Platform, userId: string, position: bigint | null) {
  await eraseAccountData(platform, userId)
  if (position !== null) await platform.projections.waitForPosition(position, platform.config.readYourWritesTimeoutMs)
  await platform.readStore.flush()
}
