import { spawn, type ChildProcess } from 'node:child_process'
import { testEvent } from '@reelmates/infra/eventStore/testEvents'
import { join } from 'node:path'

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
