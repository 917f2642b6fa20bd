import type { SchedulerJob } from '@reelmates/contracts/scheduler'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminCalls, type SchedulerFailures } from '../../features/admin/adminCalls'
import { ApiError } from '../../lib/apiError'
import { createQueryClient } from '../../lib/queryClient'
import { routerInMemory, withinRouter } from '../../lib/routerInSpecs'
import { SchedulerScreen } from './SchedulerScreen'

// The admin frame links to every area; this screen's own part is what is tested.
vi.mock('../shell/AdminScreen', () => ({ AdminScreen: ({ children }: { children: ReactNode }) => <>{children}</> }))

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const job = (more: Partial<SchedulerJob>): SchedulerJob => ({
  id: 'j1',
  name: 'digests',
  every: '15 minutes',
  state: 'repeating',
  lastRunAt: null,
  lastFinishedAt: null,
  nextRunAt: null,
  failCount: 0,
  failReason: null,
  failedAt: null,
  ...more,
})
const nothingSetAside: SchedulerFailures = { reactions: [], jobs: [] }

async function showScheduler(jobs: SchedulerJob[] | Error, failures: SchedulerFailures | Error = nothingSetAside) {
  const listed = vi.spyOn(adminCalls, 'schedulerJobs')
  if (jobs instanceof Error) listed.mockRejectedValue(jobs)
  else listed.mockResolvedValue(jobs)
  const setAside = vi.spyOn(adminCalls, 'schedulerFailures')
  if (failures instanceof Error) setAside.mockRejectedValue(failures)
  else setAside.mockResolvedValue(failures)
  render(
    withinRouter(
      routerInMemory(),
      <QueryClientProvider client={createQueryClient()}>
        <SchedulerScreen />
      </QueryClientProvider>,
    ),
  )
  await waitFor(() => expect(screen.queryByText(/^Loading/)).toBeNull())
}

const card = (name: string) => screen.getByRole('listitem', { name })

describe('the scheduler screen', () => {
  it('tells each timed job: what it does, how often, when it last ran and how long it took, and when next', async () => {
    const lastRunAt = '2026-11-24T08:00:00.000Z'
    const nextRunAt = '2026-11-24T08:15:00.000Z'
    await showScheduler([
      job({ lastRunAt, lastFinishedAt: '2026-11-24T08:00:03.200Z', nextRunAt }),
      job({ id: 'j2', name: 'campaign-steps', every: '5 minutes', nextRunAt }),
      job({ id: 'j3', name: 'old-one-off', every: null, state: 'completed', lastRunAt, lastFinishedAt: lastRunAt }),
    ])
    const digests = card('Digests').textContent
    expect(digests).toContain('Sends each member their daily or weekly digest')
    expect(digests).toContain('Runsevery 15 minutes')
    expect(digests).toContain(`Last run${new Date(lastRunAt).toLocaleString()} (took 3 s)`)
    expect(digests).toContain(`Next run${new Date(nextRunAt).toLocaleString()}`)
    expect(card('Email campaigns').textContent).toContain('Last runNot run yet')
    const oneOff = card('old-one-off').textContent
    expect(oneOff).toContain('Runsonce')
    expect(oneOff).toContain('Next runNone: it will not run again')
    expect(oneOff).toContain('completed')
  })

  it('says a job is running, and why it failed since it last succeeded', async () => {
    await showScheduler([
      job({ state: 'running', lastRunAt: '2026-11-24T08:00:00.000Z', lastFinishedAt: '2026-11-24T07:45:02.000Z' }),
      job({
        id: 'j2',
        name: 'campaign-steps',
        state: 'failed',
        failCount: 3,
        failReason: 'database is locked',
        failedAt: '2026-11-24T07:50:00.000Z',
      }),
    ])
    expect(card('Digests').textContent).toContain(
      `Running since ${new Date('2026-11-24T08:00:00.000Z').toLocaleString()}`,
    )
    expect(card('Email campaigns').textContent).toContain(
      `Failed 3 times since it last succeeded, last at ${new Date('2026-11-24T07:50:00.000Z').toLocaleString()}: database is locked`,
    )
    expect(card('Digests').textContent).not.toContain('Failed')
  })

  it('lists the reactions set aside, each linked to its event, and says when there are none', async () => {
    await showScheduler([job({})], {
      reactions: [
        { reaction: 'mails', streamId: 'account-1', revision: 4, position: '1234', error: '550 Mailbox unavailable' },
      ],
      jobs: [],
    })
    const setAside = within(screen.getByRole('list', { name: 'Reactions set aside' }))
    expect(setAside.getByRole('link', { name: '#1234' }).getAttribute('href')).toBe('/admin/events?event=1234')
    expect(setAside.getByText('550 Mailbox unavailable')).toBeTruthy()
    cleanup()
    await showScheduler([job({})])
    expect(screen.getByText('None: no reaction is failing.')).toBeTruthy()
  })

  it('says when no job is scheduled, and tells a refusal', async () => {
    await showScheduler([])
    expect(screen.getByText('No job is scheduled: the scheduler has not started yet.')).toBeTruthy()
    cleanup()
    await showScheduler(new ApiError('Admin access required', 403))
    expect(screen.getByRole('alert').textContent).toBe('Admin access required')
  })

  it('names each panel’s Try again for what it asks again, when both failed', async () => {
    const unavailable = new ApiError('Scheduler unavailable', 503)
    await showScheduler(unavailable, unavailable)
    expect(await screen.findByRole('button', { name: 'Try again: timed jobs' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Try again: reactions set aside' })).toBeTruthy()
  })
})
