import { expect } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { handleCommand } from '@reelmates/commands/handleCommand'
import type { OutboxEntry } from '@reelmates/infra/mail/port'
import type { Platform } from '../platform'
import { agent, type Agent } from '../testing/testApp'
import { accountWorkSettled } from './background'

export const password = 'correct-horse'

export interface Registered {
  client: Agent
  user: { id: string; username: string; email: string }
}

/** A new account registered through the API; its client is signed in. */
export async function register(
  app: FastifyInstance,
  username: string,
  extra: Record<string, unknown> = {},
): Promise<Registered> {
  const client = agent(app)
  const answer = await client.post('/api/register', { username, email: `${username}@example.com`, password, ...extra })
  expect(answer.statusCode, answer.body).toBe(201)
  return { client, user: answer.json() }
}

/** The mail sent to `to` once the recovery work has run and the scheduler has mailed what it led to (newest first). */
export async function mailsTo(platform: Platform, to: string): Promise<OutboxEntry[]> {
  await accountWorkSettled(platform)
  await platform.scheduler.waitForPosition(await platform.eventStore.headPosition(), 10_000)
  return platform.mailer.list({ to })
}

/** The token in the one link of a mail. */
export function tokenIn(mail: OutboxEntry | undefined, pattern: RegExp): string {
  const match = mail?.text.match(pattern)
  if (!match?.[1]) throw new Error(`no link matching ${String(pattern)} in ${mail?.text ?? 'no mail'}`)
  return decodeURIComponent(match[1])
}

export const resetTokenIn = (mail: OutboxEntry | undefined) => tokenIn(mail, /\/reset-password\/(\S+)/)
export const magicTokenIn = (mail: OutboxEntry | undefined) => tokenIn(mail, /\/magic-link\?token=([^&\s]+)/)

/** Makes a user an admin the way the CLI does: a role change through the command handler. */
export async function makeAdmin(platform: Platform, userId: string): Promise<void> {
  const { position } = await handleCommand(platform.eventStore, {
    decider: account,
    streamId: accountStreamId(userId),
    command: { type: 'ChangeRole', userId, role: 'Admin' },
    metadata: { correlationId: 'test', causationId: 'test', actorId: 'test', occurredAt: new Date().toISOString() },
  })
  if (position !== null) await platform.projections.waitForPosition(position)
}

/** Suspends a user's sign-in the way the admin route does: through the command handler, as an admin. */
export async function suspend(platform: Platform, userId: string): Promise<void> {
  const { position } = await handleCommand(platform.eventStore, {
    decider: account,
    streamId: accountStreamId(userId),
    command: { type: 'SuspendSignIn', userId, at: platform.now().toISOString() },
    metadata: { correlationId: 'test', causationId: 'test', actorId: 'test', occurredAt: new Date().toISOString() },
  })
  if (position !== null) await platform.projections.waitForPosition(position)
}

/** A clock the test moves by hand. */
export function testClock(start = '2026-11-22T10:00:00.000Z') {
  let now = new Date(start).getTime()
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms
    },
  }
}
