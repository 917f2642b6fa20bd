import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SchedulerJob } from '@reelmates/contracts/scheduler'
import { sqliteJobBackend } from '@reelmates/infra/jobs/jobBackends'
import { makeAdmin, register } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/admin/scheduler/failures', () => {
  it('lists the jobs that failed in the job store every scheduler process shares', async () => {
    const { client, user } = await register(t.app, 'jobwatcher')
    await makeAdmin(t.platform, user.id)
    // Another process's view of the same job store: a scheduler whose job failed for good.
    const scheduler = sqliteJobBackend({ path: join(t.platform.config.dataDir, 'jobs.db') })
    await scheduler.connect()
    const job = await scheduler.repository.saveJob(
      { name: 'weekly-digest', priority: 0, type: 'normal', nextRunAt: new Date(), data: { userId: user.id } },
      undefined,
    )
    await scheduler.repository.saveJobState(
      { ...job, nextRunAt: null, failCount: 5, failReason: 'SMTP said no', failedAt: new Date('2026-11-24T08:00:00Z') },
      undefined,
    )
    await scheduler.disconnect()

    const answer = await client.get('/api/admin/scheduler/failures')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      reactions: [],
      jobs: [
        {
          id: String(job._id),
          name: 'weekly-digest',
          failCount: 5,
          failReason: 'SMTP said no',
          failedAt: '2026-11-24T08:00:00.000Z',
          nextRunAt: null,
        },
      ],
    })
  })

  it('is for admins only', async () => {
    expect((await agent(t.app).get('/api/admin/scheduler/failures')).statusCode).toBe(401)
    const { client } = await register(t.app, 'nosyuser')
    expect((await client.get('/api/admin/scheduler/failures')).statusCode).toBe(403)
  })
})

describe('GET /api/admin/scheduler/jobs', () => {
  it('lists every job with its interval, state, last and next run, and its failures since it last succeeded', async () => {
    const { client, user } = await register(t.app, 'jobreader')
    await makeAdmin(t.platform, user.id)
    const scheduler = sqliteJobBackend({ path: join(t.platform.config.dataDir, 'jobs.db') })
    await scheduler.connect()
    const job = await scheduler.repository.saveJob(
      {
        name: 'nightly-check',
        priority: 0,
        type: 'single',
        repeatInterval: '15 minutes',
        nextRunAt: new Date('2099-01-01T08:15:00Z'),
        lastRunAt: new Date('2026-11-24T08:00:00Z'),
        lastFinishedAt: new Date('2026-11-24T08:00:02Z'),
        failCount: 1,
        failReason: 'the catalog did not answer',
        failedAt: new Date('2026-11-24T07:45:01Z'),
        data: null,
      },
      undefined,
    )
    await scheduler.disconnect()

    const answer = await client.get('/api/admin/scheduler/jobs')
    expect(answer.statusCode, answer.body).toBe(200)
    const listed = answer.json<{ jobs: SchedulerJob[] }>().jobs
    expect(listed.find((one) => one.name === 'nightly-check')).toEqual({
      id: String(job._id),
      name: 'nightly-check',
      every: '15 minutes',
      state: 'repeating',
      lastRunAt: '2026-11-24T08:00:00.000Z',
      lastFinishedAt: '2026-11-24T08:00:02.000Z',
      nextRunAt: '2099-01-01T08:15:00.000Z',
      failCount: 1,
      failReason: 'the catalog did not answer',
      failedAt: '2026-11-24T07:45:01.000Z',
    })
    expect(listed.map((one) => one.name)).toEqual([...listed.map((one) => one.name)].sort())
  })

  it('calls a job running only once it has started: agenda locks it up to 30 s before, while its last run is finished', async () => {
    const { client, user } = await register(t.app, 'lockwatcher')
    await makeAdmin(t.platform, user.id)
    const scheduler = sqliteJobBackend({ path: join(t.platform.config.dataDir, 'jobs.db') })
    await scheduler.connect()
    const timed = {
      priority: 0,
      type: 'single' as const,
      repeatInterval: '5 minutes',
      lockedAt: new Date(),
      nextRunAt: new Date(Date.now() + 20_000),
      data: null,
    }
    // Locked for the run due in 20 s; the previous run started and finished 5 minutes ago.
    await scheduler.repository.saveJob(
      {
        ...timed,
        name: 'locked-not-started',
        lastRunAt: new Date(Date.now() - 300_000),
        lastFinishedAt: new Date(Date.now() - 299_900),
      },
      undefined,
    )
    // Started 2 s ago and not finished since.
    await scheduler.repository.saveJob(
      {
        ...timed,
        name: 'locked-and-started',
        lastRunAt: new Date(Date.now() - 2_000),
        lastFinishedAt: new Date(Date.now() - 299_900),
      },
      undefined,
    )
    await scheduler.disconnect()

    const listed = (await client.get('/api/admin/scheduler/jobs')).json<{ jobs: SchedulerJob[] }>().jobs
    const stateOf = (name: string) => listed.find((one) => one.name === name)?.state
    expect(stateOf('locked-not-started')).toBe('repeating')
    expect(stateOf('locked-and-started')).toBe('running')
  })

  it('is for admins only', async () => {
    expect((await agent(t.app).get('/api/admin/scheduler/jobs')).statusCode).toBe(401)
    const { client } = await register(t.app, 'nosyjobuser')
    expect((await client.get('/api/admin/scheduler/jobs')).statusCode).toBe(403)
  })
})
