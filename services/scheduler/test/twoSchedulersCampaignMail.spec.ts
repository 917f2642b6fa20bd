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
import { spawnScheduler, until } from './schedulerProcesses'

const people = 60
const campaignId = randomUUID()
const startScheduler = (dataDir: string) => spawnScheduler('services/scheduler/test/embeddedScheduler.ts', dataDir)

describe('two real scheduler processes mailing campaign steps', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-campaign-mailing-'))
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends each step of each member exactly once, though the one sending is killed mid-run', async () => {
    const { eventStore, vault } = await openEventLog(loadConfig({ ...process.env, DATA_DIR: dataDir }))
    const at = '2026-11-24T08:00:00.000Z'
    /** A member who signed up and reached the campaign's two steps (as the campaign job decides them). */
    const member = async (n: number) => {
      const userId = randomUUID()
      await eventStore.append(`account-${userId}`, [
        testEvent('UserRegistered', {
          userId,
          username: `member${n}`,
          email: `member-${n}@example.com`,
          passwordHash: 'x',
          location: null,
          bio: null,
          invitationToken: null,
          registeredAt: at,
        }),
      ])
      await eventStore.append(`campaign-progress-${campaignId}-${userId}`, [
        testEvent('UserEnteredCampaign', { campaignId, userId, triggerType: 'registered', enteredAt: at }),
        ...['campaign-welcome', 'campaign-find-friends'].map((templateName, index) =>
          testEvent('CampaignStepReached', { campaignId, userId, stepOrder: index + 1, templateName, reachedAt: at }),
        ),
      ])
    }
    for (let n = 0; n < people / 2; n++) await member(n)

    const first = await startScheduler(dataDir)
    children.push(first)
    const outbox = createMailer({ from: 'test', outboxPath: join(dataDir, 'outbox.db') })
    const mails = () => outbox.list({ limit: 500 })
    await until(mails, (sent) => sent.length > 0, 30_000)
    const second = await startScheduler(dataDir)
    children.push(second)
    for (let n = people / 2; n < people; n++) await member(n)

    await until(mails, (sent) => sent.length >= 20, 30_000)
    first.kill('SIGKILL')
    await new Promise((resolve) => first.once('exit', resolve))

    await until(mails, (sent) => sent.length >= people * 2, 45_000)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const final = await mails()
    expect(final).toHaveLength(people * 2)
    expect(new Set(final.map((entry) => `${entry.to} ${entry.subject}`)).size).toBe(people * 2)
    expect(
      final.every((entry) => entry.category === 'campaign-step' && entry.text.includes('/unsubscribed?token=')),
    ).toBe(true)

    second.kill('SIGTERM')
    await new Promise((resolve) => second.once('exit', resolve))
    await outbox.close()
    await vault.close()
    await eventStore.close()
  }, 120_000)
})
