import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Platform } from '../platform'
import { accountWorkSettled } from './background'
import { deletionRoutes } from './deletionRoutes'
import { avatarRoutes } from './avatarRoutes'
import { memberExportRoutes } from './memberExportRoutes'
import { myStatsRoutes } from './myStatsRoutes'
import { outboxRoutes } from './outboxRoutes'
import { profileRoutes } from './profileRoutes'
import { recoveryRoutes } from './recoveryRoutes'
import { registrationRoutes } from './registrationRoutes'
import { sessionRoutes } from './sessionRoutes'
import { signInLinkRoutes } from './signInLinkRoutes'
import { WrongPasswordGuard } from './wrongPasswords'

/** Every account call of spec §7 (friendships aside), and the admin's view of the mail outbox. */
export const accountRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  // Mail work started after answering must finish before the platform beneath it closes.
  app.addHook('onClose', async () => accountWorkSettled(platform))
  await app.register(sessionRoutes, { platform })
  await app.register(registrationRoutes, { platform })
  // One count for both routes that check the current password: guesses on either add up.
  const wrongPasswords = new WrongPasswordGuard(platform.config.rateLimits.currentPassword, () =>
    platform.now().getTime(),
  )
  await app.register(profileRoutes, { platform, wrongPasswords })
  await app.register(deletionRoutes, { platform, wrongPasswords })
  await app.register(recoveryRoutes, { platform })
  await app.register(signInLinkRoutes, { platform })
  await app.register(outboxRoutes, { platform })
  await app.register(avatarRoutes, { platform })
  await app.register(myStatsRoutes, { platform })
  await app.register(memberExportRoutes, { platform })
}
