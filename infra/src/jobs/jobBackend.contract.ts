/**
 * What every agenda job backend must do for Reelmates, run against each adapter (SQLite in `npm test`,
 * agenda's own MongoDB backend in `npm run test:infra`). `open(store)` gives a backend on the store
 * named `store`: two backends opened with one name are two processes sharing one job store.
 * The MongoDB backend reads the wall clock, so times here are relative to `Date.now()`.
 */
import { randomUUID } from 'node:crypto'
import { Agenda, exponential, toJobId, type AgendaBackend, type JobParameters, type JobRepository } from 'agenda'
import { afterEach, describe, expect, it } from 'vitest'

const minute = 60_000
const at = (offsetMs: number) => new Date(Date.now() + offsetMs)

function job(name: string, fields: Partial<JobParameters> = {}): JobParameters {
  return { name, priority: 0, nextRunAt: at(-minute), type: 'normal', data: { userId: 'u-1' }, ...fields }
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

export function jobBackendContract(name: string, open: (store: string) => Promise<AgendaBackend>): void {
  describe(`job backend contract: ${name}`, () => {
    const opened: AgendaBackend[] = []
    const agendas: Agenda[] = []
    afterEach(async () => {
      await Promise.all(agendas.splice(0).map((agenda) => agenda.stop(false)))
      await Promise.all(opened.splice(0).map((backend) => backend.disconnect()))
    })

    async function backend(store: string): Promise<AgendaBackend> {
      const created = await open(store)
      await created.connect()
      opened.push(created)
      return created
    }
    const repository = async (store = randomUUID().slice(0, 8)): Promise<JobRepository> =>
      (await backend(store)).repository

    it('keeps a job as saved: its data, its dates as dates, and an id to find it by', async () => {
      const jobs = await repository()
      const saved = await jobs.saveJob(job('send-mail', { data: { userId: 'u-7', step: 2 } }), undefined)
      expect(saved._id).toBeTruthy()
      const found = await jobs.getJobById(String(saved._id))
      expect(found).toMatchObject({ name: 'send-mail', data: { userId: 'u-7', step: 2 }, type: 'normal' })
      expect(found?.nextRunAt).toBeInstanceOf(Date)
      expect(await jobs.getJobById(String(saved._id).replace(/./g, '0').slice(0, String(saved._id).length))).toBeNull()
    })

    it('hands a due job to one caller and locks it; a job not yet due waits', async () => {
      const jobs = await repository()
      await jobs.saveJob(job('digest', { nextRunAt: at(10 * minute), data: { userId: 'later' } }), undefined)
      const due = await jobs.saveJob(job('digest'), undefined)
      const next = await jobs.getNextJobToRun('digest', new Date(), at(-10 * minute), undefined, undefined)
      expect(String(next?._id)).toBe(String(due._id))
      expect(next?.lockedAt).toBeInstanceOf(Date)
      expect(await jobs.getNextJobToRun('digest', new Date(), at(-10 * minute), undefined, undefined)).toBeUndefined()
    })

    it('never hands one job to two processes that ask at the same time', async () => {
      const store = randomUUID().slice(0, 8)
      const [a, b] = [await repository(store), await repository(store)]
      for (let n = 0; n < 10; n++) await a.saveJob(job('campaign-step', { data: { n } }), undefined)
      const ask = (jobs: JobRepository) =>
        jobs.getNextJobToRun('campaign-step', new Date(), at(-10 * minute), undefined, undefined)
      const handed = (await Promise.all(Array.from({ length: 12 }, (_, n) => ask(n % 2 ? a : b)))).filter(Boolean)
      const ids = handed.map((locked) => String(locked?._id))
      expect(ids).toHaveLength(10)
      expect(new Set(ids).size).toBe(10)
    })

    it('takes a job over when the process that locked it stopped renewing the lock', async () => {
      const jobs = await repository()
      await jobs.saveJob(job('digest'), undefined)
      const first = await jobs.getNextJobToRun('digest', new Date(), at(-10 * minute), undefined, undefined)
      expect(first).toBeDefined()
      // The lock is older than the deadline: whoever held it is gone.
      const taken = await jobs.getNextJobToRun('digest', new Date(), at(minute), undefined, undefined)
      expect(String(taken?._id)).toBe(String(first?._id))
    })

    it('locks a job by id only when it is unlocked and still due when it was seen', async () => {
      const jobs = await repository()
      const saved = await jobs.saveJob(job('digest'), undefined)
      const locked = await jobs.lockJob(saved, undefined)
      expect(locked?.lockedAt).toBeInstanceOf(Date)
      expect(await jobs.lockJob(saved, undefined)).toBeUndefined()
      await jobs.unlockJobs([String(saved._id)])
      expect(await jobs.lockJob({ ...saved, nextRunAt: at(minute) }, undefined)).toBeUndefined()
      expect(await jobs.lockJob(saved, undefined)).toBeDefined()
    })

    it('keeps one job of a single job name, and a unique job once', async () => {
      const jobs = await repository()
      const first = await jobs.saveJob(job('hourly', { type: 'single', repeatInterval: '1 hour' }), undefined)
      const again = await jobs.saveJob(job('hourly', { type: 'single', repeatInterval: '2 hours' }), undefined)
      expect(String(again._id)).toBe(String(first._id))
      expect(again.repeatInterval).toBe('2 hours')
      const unique = { 'data.userId': 'u-9', 'data.period': '2026-W48' }
      const once = await jobs.saveJob(
        { ...job('digest', { data: { userId: 'u-9', period: '2026-W48' } }), unique, uniqueOpts: { insertOnly: true } },
        undefined,
      )
      const twice = await jobs.saveJob(
        { ...job('digest', { data: { userId: 'u-9', period: '2026-W48' } }), unique, uniqueOpts: { insertOnly: true } },
        undefined,
      )
      expect(String(twice._id)).toBe(String(once._id))
      expect((await jobs.queryJobs({ name: 'digest' })).total).toBe(1)
    })

    it('keeps one record of a repeating job that two processes declare at the same moment', async () => {
      const store = randomUUID().slice(0, 8)
      const [a, b] = [await repository(store), await repository(store)]
      const declare = (jobs: JobRepository) =>
        jobs.saveJob(job('digests', { type: 'single', repeatInterval: '1 hour' }), undefined)
      const saved = await Promise.all([declare(a), declare(b), declare(a), declare(b)])
      expect(new Set(saved.map((one) => String(one._id))).size).toBe(1)
      expect((await a.queryJobs({ name: 'digests' })).total).toBe(1)
    })

    it('declaring a repeating job again (a process starting) keeps its lock and its failures', async () => {
      const jobs = await repository()
      const declared = await jobs.saveJob(job('digests', { type: 'single', repeatInterval: '1 hour' }), undefined)
      const running = await jobs.getNextJobToRun('digests', new Date(), at(-10 * minute), undefined, undefined)
      expect(running?.lockedAt).toBeInstanceOf(Date)
      await jobs.saveJobState(
        { ...declared, lockedAt: running?.lockedAt, failCount: 2, failReason: 'SMTP said no', failedAt: new Date() },
        undefined,
      )
      await jobs.saveJob(job('digests', { type: 'single', repeatInterval: '2 hours' }), undefined)
      const [kept] = (await jobs.queryJobs({ name: 'digests' })).jobs
      expect(kept).toMatchObject({ repeatInterval: '2 hours', failCount: 2, failReason: 'SMTP said no' })
      expect(kept?.lockedAt).toBeInstanceOf(Date)
      // Locked, so no other process takes it while it runs.
      expect(await jobs.getNextJobToRun('digests', new Date(), at(-10 * minute), undefined, undefined)).toBeUndefined()
    })

    it('records a failure, and lists the failed jobs', async () => {
      const jobs = await repository()
      const saved = await jobs.saveJob(job('send-mail'), undefined)
      await jobs.saveJob(job('send-mail', { data: { userId: 'fine' } }), undefined)
      // One moment for both, as agenda records them: a millisecond between two clocks read apart made
      // the finish later than the failure, which agenda reads as a completed job.
      const ended = new Date()
      await jobs.saveJobState(
        {
          ...saved,
          nextRunAt: null,
          failedAt: ended,
          failCount: 3,
          failReason: 'SMTP said no',
          lastFinishedAt: ended,
        },
        undefined,
      )
      const failed = await jobs.queryJobs({ state: 'failed' })
      expect(failed.total).toBe(1)
      expect(failed.jobs[0]).toMatchObject({
        name: 'send-mail',
        failCount: 3,
        failReason: 'SMTP said no',
        state: 'failed',
      })
    })

    it('runs no disabled job until it is enabled again', async () => {
      const jobs = await repository()
      await jobs.saveJob(job('campaign-step', { data: { campaignId: 'c-1' } }), undefined)
      expect(await jobs.disableJobs({ data: { campaignId: 'c-1' } })).toBe(1)
      expect(await jobs.getNextJobToRun('campaign-step', new Date(), at(-minute), undefined, undefined)).toBeUndefined()
      expect((await jobs.queryJobs({ state: 'paused' })).total).toBe(1)
      expect(await jobs.enableJobs({ name: 'campaign-step' })).toBe(1)
      expect(await jobs.getNextJobToRun('campaign-step', new Date(), at(-minute), undefined, undefined)).toBeDefined()
    })

    it('removes the jobs asked for, and nothing when nothing is named', async () => {
      const jobs = await repository()
      await jobs.saveJob(job('campaign-step', { data: { userId: 'u-1' } }), undefined)
      await jobs.saveJob(job('campaign-step', { data: { userId: 'u-2' } }), undefined)
      await jobs.saveJob(job('digest'), undefined)
      expect(await jobs.removeJobs({})).toBe(0)
      expect(await jobs.removeJobs({ name: 'campaign-step', data: { userId: 'u-1' } })).toBe(1)
      expect((await jobs.getDistinctJobNames()).sort()).toEqual(['campaign-step', 'digest'])
      expect(
        await jobs.removeJobs({ id: toJobId(String((await jobs.queryJobs({ name: 'digest' })).jobs[0]?._id)) }),
      ).toBe(1)
      expect((await jobs.queryJobs({})).total).toBe(1)
    })

    it('under agenda: two processes run each job once, and a failing job is retried with backoff, then shown as failed', async () => {
      const store = randomUUID().slice(0, 8)
      const runs: string[] = []
      const attempts = new Map<string, number>()
      const start = async () => {
        const agenda = new Agenda({ backend: await backend(store), processEvery: 50, defaultLockLifetime: 10_000 })
        agendas.push(agenda)
        agenda.define<{ n: number }>('count', (ran) => {
          runs.push(String(ran.attrs.data.n))
          return Promise.resolve()
        })
        agenda.define<{ fails: number }>(
          'flaky',
          (ran) => {
            const key = String(ran.attrs._id)
            const attempt = (attempts.get(key) ?? 0) + 1
            attempts.set(key, attempt)
            return attempt <= ran.attrs.data.fails
              ? Promise.reject(new Error(`attempt ${attempt} failed`))
              : Promise.resolve()
          },
          { backoff: exponential({ delay: 50, maxRetries: 2, factor: 2 }) },
        )
        await agenda.start()
        return agenda
      }
      const [one] = [await start(), await start()]
      for (let n = 0; n < 20; n++) await one.now('count', { n })
      await one.now('flaky', { fails: 2 })
      const hopeless = await one.now('flaky', { fails: 99 })
      await until(async () => runs.length >= 20 && [...attempts.values()].reduce((a, b) => a + b, 0) >= 6)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(runs.sort()).toEqual(Array.from({ length: 20 }, (_, n) => String(n)).sort())
      expect([...attempts.values()].sort()).toEqual([3, 3])
      const failed = await one.queryJobs({ name: 'flaky', state: 'failed' })
      expect(failed.jobs.map((found) => String(found._id))).toEqual([String(hopeless.attrs._id)])
      expect(failed.jobs[0]?.failReason).toBe('attempt 3 failed')
    }, 20_000)
  })
}
