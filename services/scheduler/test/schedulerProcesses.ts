import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { testEvent } from '@reelmates/infra/eventStore/testEvents'
import { createMailer } from '@reelmates/infra/mail/mailer'
import type { OutboxEntry } from '@reelmates/infra/mail/port'

const repoRoot = join(import.meta.dirname, '..', '..', '..')

/** A scheduler process (`script`, relative to the repository) on DATA_DIR, resolved once it is ready. */
export function spawnScheduler(
  script: string,
  dataDir: string,
  args: readonly string[] = [],
): Promise<ChildProcess & { output: () => string }> {
  // The configured lease timing (10 s to live, renewed every 3 s): takeovers are measured with it.
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('scheduler ready')) resolve(Object.assign(child, { output: () => output }))
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`scheduler exited with ${code}:\n${output}`)))
  })
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value).slice(0, 300)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A member as registration records them (`member<n>`, `member-<n>@example.com`), for mails to address. */
export const memberRegistered = (userId: string, n: number, registeredAt = '2026-11-24T08:00:00.000Z') =>
  testEvent('UserRegistered', {
    userId,
    username: `member${n}`,
    email: `member-${n}@example.com`,
    passwordHash: 'x',
    location: null,
    bio: null,
    invitationToken: null,
    registeredAt,
  })

/**
 * Two embedded scheduler processes on `dataDir` mail what `add(n)` puts in the log for `people`
 * members: half before the second process starts and half after, and the first is SIGKILLed once
 * 20 mails are out. Resolves with the outbox a second after `expected` mails were reached; the
 * second process is stopped gracefully. `children` lets the caller kill what is left on failure.
 */
export async function mailThroughAKill(
  dataDir: string,
  children: ChildProcess[],
  { people, expected, add }: { people: number; expected: number; add: (n: number) => Promise<void> },
): Promise<OutboxEntry[]> {
  const start = () => spawnScheduler('services/scheduler/test/embeddedScheduler.ts', dataDir)
  for (let n = 0; n < people / 2; n++) await add(n)
  const first = await start()
  children.push(first)
  const outbox = createMailer({ from: 'test', outboxPath: join(dataDir, 'outbox.db') })
  try {
    const mails = () => outbox.list({ limit: 500 })
    await until(mails, (sent) => sent.length > 0, 30_000)
    const second = await start()
    children.push(second)
    for (let n = people / 2; n < people; n++) await add(n)

    await until(mails, (sent) => sent.length >= 20, 30_000)
    first.kill('SIGKILL')
    await new Promise((resolve) => first.once('exit', resolve))

    await until(mails, (sent) => sent.length >= expected, 45_000)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const final = await mails()
    second.kill('SIGTERM')
    await new Promise((resolve) => second.once('exit', resolve))
    return final
  } finally {
    await outbox.close()
  }
}
