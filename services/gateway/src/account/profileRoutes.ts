import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  emailPreferencesAnswer,
  emailPreferencesRequest,
  profileUpdateRequest,
  userAnswer,
  type AccountEvent,
} from '@reelmates/contracts/account'
import { account, accountStreamId, type AccountState } from '@reelmates/commands/account/account'
import { updateProfile } from '@reelmates/commands/account/updateProfile'
import type { FastifyRequest } from 'fastify'
import { currentUserId, requireUser, startUserSession } from '../http/auth'
import { commandMetadata, execute, withPosition } from '../http/execute'
import type { Platform } from '../platform'
import { errorAnswer } from '@reelmates/contracts/answers'
import { changedUser } from './userDocument'
import type { WrongPasswordGuard } from './wrongPasswords'

/** The signed-in user's own account: profile, credentials, email preferences. */
export const profileRoutes: FastifyPluginAsyncZod<{ platform: Platform; wrongPasswords: WrongPasswordGuard }> = async (
  app,
  { platform, wrongPasswords },
) => {
  const { vault, eventStore } = platform

  app.put(
    '/user/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['account'],
        summary: 'Update the profile; a new password or email needs the current password',
        body: profileUpdateRequest,
        response: { 200: userAnswer, 400: errorAnswer, 409: errorAnswer, 429: errorAnswer },
      },
    },
    async (request) => {
      const userId = currentUserId(request)
      const { currentPassword, newPassword, ...changes } = request.body
      const update = () =>
        updateProfile(
          { eventStore, vault, passwords: platform.passwords },
          {
            userId,
            changes,
            currentPassword,
            newPassword,
            appOrigin: platform.config.publicUrl,
            metadata: commandMetadata(request),
          },
        )
      // Only a save that gives a password is counted: the app saves settings through here all the time.
      const { before, events, position } = currentPassword ? await wrongPasswords.check(userId, update) : await update()
      await afterCredentialsChanged(request, before, events)

      return withPosition(await changedUser(platform, userId, position), position)
    },
  )

  app.post(
    '/update-email-preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Unsubscribe from campaign emails by address (subscribing again needs that user signed in)',
        body: emailPreferencesRequest,
        response: { 200: emailPreferencesAnswer, 401: emailPreferencesAnswer },
      },
    },
    async (request, reply) => {
      const { email, receiveCampaignEmails } = request.body
      const userId = await vault.lookup('email', email)
      const done = receiveCampaignEmails
        ? 'You will receive tips and news emails again.'
        : "You won't receive tips and news emails any more. This does not change account emails or your digest."
      // Anyone holding an address may stop mail to it (the unsubscribe link), but only its owner may
      // start it again: otherwise anybody could sign strangers up.
      if (receiveCampaignEmails && (userId === null || request.session.userId !== userId)) {
        return reply
          .code(401)
          .send({ success: false, message: 'Please sign in to receive tips and news emails again.' })
      }
      // An address without an account gets the same answer, so this does not tell who has one.
      if (userId === null) return { success: true, message: done }
      await execute(request, {
        decider: account,
        streamId: accountStreamId(userId),
        command: { type: 'UpdateEmailPreferences', userId, receiveCampaignEmails },
      })
      return { success: true, message: done }
    },
  )
}

/**
 * A new password signs out every other session (this one gets a fresh id and stays signed in). The
 * notices of a new password or email are the scheduler's (services/scheduler/src/mail/mails/).
 */
async function afterCredentialsChanged(request: FastifyRequest, before: AccountState, events: AccountEvent[]) {
  const { sessions } = request.server.platform
  const userId = currentUserId(request)
  if (events.some((event) => event.type === 'PasswordChanged')) {
    await sessions.eraseUser(userId)
    await startUserSession(request, { id: userId, role: before.role })
  }
}
