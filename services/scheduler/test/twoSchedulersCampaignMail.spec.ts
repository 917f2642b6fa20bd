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
import { mailThroughAKill, memberRegistered } from './schedulerProcesses'

const people = 60
const campaignId = randomUUID()

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
      await eventStore.append(`account-${userId}`, [memberRegistered(userId, n, at)])
      await eventStore.append(`campaign-progress-${campaignId}-${userId}`, [
        testEvent('UserEnteredCampaign', { campaignId, userId, triggerType: 'registered', enteredAt: at }),
        ...['campaign-welcome', 'campaign-find-friends'].map((templateName, index) =>
          testEvent('CampaignStepReached', { campaignId, userId, stepOrder: index + 1, templateName, reachedAt: at }),
        ),
      ])
    }
    const final = await mailThroughAKill(dataDir, children, { people, expected: people * 2, add: member })
    expect(final).toHaveLength(people * 2)
    expect(new Set(final.map((entry) => `${entry.to} ${entry.subject}`)).size).toBe(people * 2)
    expect(
      final.every((entry) => entry.category === 'campaign-step' && entry.text.includes('/unsubscribed?token=')),
    ).toBe(true)

    await vault.close()
    await eventStore.close()
  }, 120_000)
})
