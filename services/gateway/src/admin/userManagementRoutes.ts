import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { FastifyRequest } from 'fastify'
import { errorAnswer } from '@reelmates/contracts/answers'
import {
  adminUserAnswer,
  adminUserDeletedAnswer,
  adminUserParams,
  adminUsersAnswer,
  adminUsersQuery,
  roleChangeRequest,
} from '@reelmates/contracts/userManagement'
import { account, accountStreamId, type AccountCommand } from '@reelmates/commands/account/account'
import { AccountNotFound } from '@reelmates/commands/account/errors'
import { refuseLastAdmin } from '@reelmates/commands/account/lastAdmin'
import { adminUserQueries } from '@reelmates/projections/users/adminUserQueries'
import { eraseAccount } from '../account/deletionRoutes'
import { currentUserId, requireAdmin } from '../http/auth'
import { execute, withPosition } from '../http/execute'
import { readsFrom } from '../http/readYourWrites'
import type { Platform } from '../platform'

const tags = ['admin']
const security = [{ csrf: [] }]

/**
 * User management (issue 14.4). Every change is an event on the account's stream with the acting
 * admin as its actor; the answer comes once the users read model has it, so the list an admin sees
 * next (and the guard that reads roles) already shows the change.
 */
export const userManagementRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const users = () => adminUserQueries(platform.readStore)
  const activeAdmins = () => users().activeAdminIds()

  async function run(request: FastifyRequest, userId: string, command: AccountCommand) {
    const { position } = await execute(request, {
      decider: account,
      streamId: accountStreamId(userId),
      command,
      actorId: currentUserId(request),
    })
    if (position !== null)
      await platform.projections.waitForPosition(
        position,
        platform.config.readYourWritesTimeoutMs,
        adminUserQueries.readModels,
      )
    return position
  }

  async function factsAfter(userId: string, position: bigint | null) {
    const facts = await users().byId(userId)
    if (!facts) throw new AccountNotFound()
    return withPosition(facts, position)
  }

  app.get(
    '/admin/users',
    {
      onRequest: requireAdmin,
      config: readsFrom(adminUserQueries),
      schema: {
        tags,
        summary:
          "Search users by username or email (newest first, 100 a page, `after` the last page's `nextCursor`); account facts without secrets, and how many match in all",
        querystring: adminUsersQuery,
        response: { 200: adminUsersAnswer },
      },
    },
    async (request) =>
      users().search(request.query.query, request.query.after === undefined ? {} : { after: request.query.after }),
  )

  app.get(
    '/admin/users/:id',
    {
      onRequest: requireAdmin,
      config: readsFrom(adminUserQueries),
      schema: {
        tags,
        summary: "One user's account facts",
        params: adminUserParams,
        response: { 200: adminUserAnswer, 404: errorAnswer },
      },
    },
    async (request) => factsAfter(request.params.id, null),
  )

  app.put(
    '/admin/users/:id/role',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Give a user a role (UserRoleChanged, by this admin); the last admin cannot be demoted',
        params: adminUserParams,
        body: roleChangeRequest,
        response: { 200: adminUserAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const userId = request.params.id
      if (request.body.role !== 'Admin') await refuseLastAdmin(activeAdmins, userId, 'demote')
      const position = await run(request, userId, { type: 'ChangeRole', userId, role: request.body.role })
      return factsAfter(userId, position)
    },
  )

  app.post(
    '/admin/users/:id/suspend',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Stop a user from signing in (UserSuspended) and end their sessions at once',
        params: adminUserParams,
        response: { 200: adminUserAnswer, 404: errorAnswer, 409: errorAnswer },
      },
    },
    async (request) => {
      const userId = request.params.id
      await refuseLastAdmin(activeAdmins, userId, 'suspend')
      const position = await run(request, userId, { type: 'SuspendSignIn', userId, at: platform.now().toISOString() })
      // After the read model has the suspension (so no new session can start), every session ends;
      // the scheduler's reaction to UserSuspended does it again if this process stops in between.
      await platform.sessions.eraseUser(userId)
      return factsAfter(userId, position)
    },
  )

  app.post(
    '/admin/users/:id/restore',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Let a suspended user sign in again (UserRestored)',
        params: adminUserParams,
        response: { 200: adminUserAnswer, 404: errorAnswer },
      },
    },
    async (request) => {
      const userId = request.params.id
      const position = await run(request, userId, { type: 'RestoreSignIn', userId, at: platform.now().toISOString() })
      return factsAfter(userId, position)
    },
  )

  app.delete(
    '/admin/users/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags,
        security,
        summary: "Delete a user's account and erase their personal data (the same erasure as their own deletion)",
        params: adminUserParams,
        response: { 200: adminUserDeletedAnswer, 404: errorAnswer, 409: errorAnswer, 410: errorAnswer },
      },
    },
    async (request) => {
      const userId = request.params.id
      await refuseLastAdmin(activeAdmins, userId, 'delete')
      const { position } = await execute(request, {
        decider: account,
        streamId: accountStreamId(userId),
        command: { type: 'DeleteAccountAsAdmin', userId, deletedAt: platform.now().toISOString() },
        actorId: currentUserId(request),
      })
      await eraseAccount(platform, userId, position)
      return withPosition({ message: 'The account has been deleted and its personal data erased.' }, position)
    },
  )
}
