import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSqliteEventStore } from '@reelmates/infra/eventStore/sqliteEventStore'
import { testEvent } from '@reelmates/infra/eventStore/testEvents'
import { createMailer } from '@reelmates/infra/mail/mailer'
import type { OutboxEntry } from '@reelmates/infra/mail/port'
import { spawnScheduler, until } from './schedulerProcesses'

const members = 200
const startScheduler = (dataDir: string) => spawnScheduler('services/scheduler/test/mailingScheduler.ts', dataDir)

describe('two scheduler processes on the embedded column', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'reelmates-schedulers-'))
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('reacts to every event exactly once when the lease holder is killed mid-run, and the other takes over within 15 s', async () => {
    const eventStore = createSqliteEventStore({ path: join(dataDir, 'events.db') })
    const joined = (n: number) => eventStore.append(`member-${n}`, [testEvent('TestMemberJoined', { n })])
    for (let n = 0; n < members / 2; n++) await joined(n)

    const first = await startScheduler(dataDir)
    children.push(first)
    const outbox = createMailer({ from: 'test', outboxPath: join(dataDir, 'outbox.db') })
    const mails = async () => (await outbox.list({ limit: 500 })).reverse()
    // The first process holds the lease and mails; the second starts and stands by.
    await until(mails, (sent) => sent.length > 0, 30_000)
    const second = await startScheduler(dataDir)
    children.push(second)
    for (let n = members / 2; n < members; n++) await joined(n)

    await until(mails, (sent) => sent.length >= 60, 30_000)
    first.kill('SIGKILL')
    const killedAt = Date.now()
    await new Promise((resolve) => first.once('exit', resolve))

    const all = await until(mails, (sent) => sent.length >= members, 45_000)
    const bySender = (entry: OutboxEntry) => entry.text.replace('sent by ', '')
    const firstFromSecond = all.find((entry) => bySender(entry) === String(second.pid))
    expect(firstFromSecond).toBeDefined()
    expect(Date.parse(firstFromSecond!.createdAt) - killedAt).toBeLessThan(15_000)

    // Exactly one mail per event: nothing lost at the kill, nothing sent twice.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const final = await mails()
    const addresses = final.map((entry) => entry.to)
    expect(addresses).toHaveLength(members)
    expect(new Set(addresses).size).toBe(members)
    // One process at a time: every mail of the first precedes every mail of the second.
    const senders = final.map(bySender)
    expect(new Set(senders)).toEqual(new Set([String(first.pid), String(second.pid)]))
    expect(senders.lastIndexOf(String(first.pid))).toBeLessThan(senders.indexOf(String(second.pid)))

    second.kill('SIGTERM')
    await new Promise((resolve) => second.once('exit', resolve))
    await outbox.close()
    await eventStore.close()
  }, 90_000)
})
