import '@reelmates/contracts/allEvents'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { friendshipIdOf } from '@reelmates/contracts/friendships'
import { openEventLog } from '@reelmates/infra/column'
import { loadConfig } from '@reelmates/infra/config'
import { testEvent } from '@reelmates/infra/eventStore/testEvents'
import { createMailer } from '@reelmates/infra/mail/mailer'
import { memberRegistered, spawnScheduler, until } from './schedulerProcesses'

const pairs = 10
// A Monday, 08:00 UTC: every member's weekly digest is due.
const monday = '2026-11-23T08:00:00.000Z'
const startScheduler = (dataDir: string) =>
  spawnScheduler('services/scheduler/test/embeddedScheduler.ts', dataDir, ['--now', monday, '--run', 'digests'])

describe('two real scheduler processes sending digests', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-digests-'))
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends each member’s weekly digest exactly once, though both run the job at the same time', async () => {
    const { eventStore, vault } = await openEventLog(loadConfig({ ...process.env, DATA_DIR: dataDir }))
    const member = async (n: number) => {
      const userId = randomUUID()
      await eventStore.append(`account-${userId}`, [memberRegistered(userId, n, '2026-11-20T08:00:00.000Z')])
      return userId
    }
    for (let n = 0; n < pairs; n++) {
      const [fromUserId, toUserId] = [await member(2 * n), await member(2 * n + 1)]
      const pair = { friendshipId: friendshipIdOf(fromUserId, toUserId), fromUserId, toUserId }
      await eventStore.append(`friendship-${pair.friendshipId}`, [
        testEvent('FriendRequestSent', {
          ...pair,
          inviteCount: 1,
          sentAt: '2026-11-21T10:00:00.000Z',
          invitationId: null,
        }),
        testEvent('FriendRequestAccepted', { ...pair, acceptedAt: '2026-11-21T11:00:00.000Z' }),
      ])
    }

    const [first, second] = await Promise.all([startScheduler(dataDir), startScheduler(dataDir)])
    children.push(first, second)
    await until(
      () => Promise.resolve([first.output(), second.output()]),
      (out) => out.every((o) => o.includes('digests run')),
      60_000,
    )

    const outbox = createMailer({ from: 'test', outboxPath: join(dataDir, 'outbox.db') })
    const digests = async () => (await outbox.list({ limit: 500 })).filter((mail) => mail.category === 'digest')
    // A friendship is the accepting member's activity, so in each pair the other one has news.
    await until(digests, (sent) => sent.length >= pairs, 45_000)
    // Time for a second send, if there were one.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const addresses = (await digests()).map((mail) => mail.to)
    expect(addresses).toHaveLength(pairs)
    expect(new Set(addresses).size).toBe(pairs)
    const [sent] = await digests()
    expect(sent?.text).toMatch(/member\d+ became friends with you/)

    for (const child of [first, second]) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    }
    await outbox.close()
    await vault.close()
    await eventStore.close()
  }, 150_000)
})
