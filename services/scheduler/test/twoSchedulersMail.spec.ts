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

const people = 120

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
    const final = await mailThroughAKill(dataDir, children, { people, expected: people, add: remind })
    const addresses = final.map((entry) => entry.to)
    expect(addresses).toHaveLength(people)
    expect(new Set(addresses).size).toBe(people)
    expect(final.every((entry) => entry.category === 'username-reminder' && entry.html?.includes('member'))).toBe(true)

    await vault.close()
    await eventStore.close()
  }, 120_000)
})
