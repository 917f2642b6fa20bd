import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sqliteJobBackend } from '@reelmates/infra/jobs/jobBackends'
import { startTimedJobs, type RunningTimedJobs } from './timedJobs'

const quiet = { warn: () => undefined }

describe('timed jobs on agenda', () => {
  const dirs: string[] = []
  const running: RunningTimedJobs[] = []
  afterEach(async () => {
    for (const jobs of running.splice(0)) await jobs.stop()
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  const store = () => {
    const dir = mkdtempSync(join(tmpdir(), 'timed-jobs-'))
    dirs.push(dir)
    return join(dir, 'jobs.db')
  }

  it('runs a job at its interval with the injected time, in one of two processes at a time', async () => {
    const path = store()
    const fakeNow = new Date('2026-03-02T07:00:00Z')
    const seen: { owner: string; at: string }[] = []
    let active = 0
    let overlapped = false
    const start = async (owner: string) => {
      const backend = sqliteJobBackend({ path })
      await backend.connect()
      const jobs = await startTimedJobs(
        [
          {
            name: 'tick',
            every: '1 second',
            async run(now) {
              active += 1
              if (active > 1) overlapped = true
              seen.push({ owner, at: now.toISOString() })
              await new Promise((resolve) => setTimeout(resolve, 50))
              active -= 1
            },
          },
        ],
        { backend, now: () => fakeNow, logger: quiet, owner, processEvery: 100 },
      )
      running.push({ ...jobs, stop: async () => (await jobs.stop(), await backend.disconnect()) })
      return jobs
    }
    await start('one')
    await start('two')
    const deadline = Date.now() + 15_000
    while (seen.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen.length).toBeGreaterThanOrEqual(2)
    expect(overlapped).toBe(false)
    expect(new Set(seen.map((run) => run.at))).toEqual(new Set([fakeNow.toISOString()]))
  }, 30_000)

  it('runs a job on demand at the injected time, and refuses a name it does not know', async () => {
    const backend = sqliteJobBackend({ path: store() })
    await backend.connect()
    const times: Date[] = []
    const jobs = await startTimedJobs(
      [{ name: 'digest', every: '1 hour', run: (now) => (times.push(now), Promise.resolve()) }],
      { backend, now: () => new Date('2026-01-05T08:00:00Z'), logger: quiet, owner: 'solo' },
    )
    running.push({ ...jobs, stop: async () => (await jobs.stop(), await backend.disconnect()) })
    await jobs.runNow('digest')
    expect(times.at(-1)?.toISOString()).toBe('2026-01-05T08:00:00.000Z')
    await expect(jobs.runNow('nothing')).rejects.toThrow('no timed job named nothing')
  })

  it('lets the sole runner take back at once a job its killed previous life left locked, not after the lock lifetime', async () => {
    const path = store()
    const runs: string[] = []
    let unblock: () => void = () => undefined
    const blocked = new Promise<void>((resolve) => (unblock = resolve))
    const start = async (life: string, run: () => Promise<void>, releaseLocksAtStart: boolean) => {
      const backend = sqliteJobBackend({ path })
      await backend.connect()
      const jobs = await startTimedJobs([{ name: 'digest', every: '1 second', run: () => (runs.push(life), run()) }], {
        backend,
        now: () => new Date(),
        logger: quiet,
        owner: 'embedded:/data',
        processEvery: 100,
        releaseLocksAtStart,
      })
      running.push({ ...jobs, stop: async () => (await jobs.stop(), await backend.disconnect()) })
    }
    // The first life starts a run that never ends: it was killed there, its lock left in the store.
    await start('first', () => blocked, true)
    const deadline = Date.now() + 10_000
    while (!runs.includes('first') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(runs).toContain('first')

    await start('second', () => Promise.resolve(), true)
    const again = Date.now() + 10_000
    while (!runs.includes('second') && Date.now() < again) await new Promise((resolve) => setTimeout(resolve, 50))
    unblock()
    expect(runs).toContain('second')
  }, 30_000)
})
