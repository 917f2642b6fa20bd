import '@reelmates/contracts/allEvents'
import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openEventLog } from '@reelmates/infra/column'
import { loadConfig } from '@reelmates/infra/config'
import { testEvent } from '@reelmates/infra/eventStore/testEvents'
import { createMailer } from '@reelmates/infra/mail/mailer'
import { memberRegistered, spawnScheduler, until } from './schedulerProcesses'

const people = 120
const startScheduler = (dataDir: string) => spawnScheduler('services/scheduler/test/embeddedScheduler.ts', dataDir)

describe('two real scheduler processes mailing from the log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-mailing-'))
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends every username reminder exactly once, though the one sending is killed mid-run', async () => {
    const { eventStore, vault } = await openEventLog(loadConfig({ ...process.env, DATA_DIR: dataDir }))
    const remind = async (n: number) => {
      const userId = randomUUID()
      await eventStore.append(`account-${userId}`, [
        memberRegistered(userId, n),
        testEvent('UsernameReminderRequested', { userId, requestedAt: '2026-11-24T08:00:00.000Z' }),
      ])
    }
    for (let n = 0; n < people / 2; n++) await remind(n)

    const first = await startScheduler(dataDir)
    children.push(first)
    const outbox = createMailer({ from: 'test', outboxPath: join(dataDir, 'outbox.db') })
    const mails = () => outbox.list({ limit: 500 })
    await until(mails, (sent) => sent.length > 0, 30_000)
    const second = await startScheduler(dataDir)
    children.push(second)
    for (let n = people / 2; n < people; n++) await remind(n)

    await until(mails, (sent) => sent.length >= 20, 30_000)
    first.kill('SIGKILL')
    await new Promise((resolve) => first.once('exit', resolve))

    await until(mails, (sent) => sent.length >= people, 45_000)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const final = await mails()
    const addresses = final.map((entry) => entry.to)
    expect(addresses).toHaveLength(people)
    expect(new Set(addresses).size).toBe(people)
    expect(final.every((entry) => entry.category === 'username-reminder' && entry.html?.includes('member'))).toBe(true)

    second.kill('SIGTERM')
    await new Promise((resolve) => second.once('exit', resolve))
    await outbox.close()
    await vault.close()
    await eventStore.close()
  }, 120_000)
})
