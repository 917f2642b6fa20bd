import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProjectionStatus, ProjectionsAnswer } from '@reelmates/contracts/projectionsAdmin'
import { createQueryClient } from '../../lib/queryClient'
import { adminCalls } from './adminCalls'
import { ProjectionsTable } from './ProjectionsTable'
import { adminKeys } from './queries'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const follower = (name: string, rebuild: ProjectionStatus['rebuild']): ProjectionStatus => ({
  name,
  kind: 'projector',
  version: 1,
  checkpoint: '120',
  lag: { events: 0, capped: false, seconds: 0 },
  status: 'live',
  lastError: null,
  rebuild,
  lastRebuild: {
    startedAt: '2026-11-27T10:00:00.000Z',
    finishedAt: null,
    durationMs: null,
    outcome: 'running',
    error: null,
  },
  setAside: null,
})

describe('the read models screen', () => {
  it('shows the rebuild that replays with its progress, and one asked for meanwhile as waiting its turn', () => {
    const queryClient = createQueryClient()
    const answer: ProjectionsAnswer = {
      head: '120',
      items: [
        follower('activities', { position: '30', head: '120', progress: 0.25, waiting: false }),
        follower('friendships', { position: '0', head: '120', progress: 0, waiting: true }),
      ],
    }
    queryClient.setQueryData(adminKeys.projections(), answer)
    render(
      <QueryClientProvider client={queryClient}>
        <ProjectionsTable />
      </QueryClientProvider>,
    )
    const replaying = within(screen.getByRole('listitem', { name: 'activities' }))
    expect(replaying.getByRole('progressbar', { name: 'Rebuild of activities' })).toHaveProperty('value', 0.25)
    expect(replaying.getByText('Replayed to #30 of #120')).toBeTruthy()
    expect(replaying.queryByText(/Waiting for another rebuild/)).toBeNull()

    const waiting = within(screen.getByRole('listitem', { name: 'friendships' }))
    expect(waiting.getByText('Waiting for another rebuild to finish…')).toBeTruthy()
    expect(waiting.queryByRole('progressbar')).toBeNull()
    expect(waiting.queryByText(/Replayed to/)).toBeNull()
  })
})

const run = (outcome: 'running' | 'done' | 'failed', startedAt: string): ProjectionStatus['lastRebuild'] => ({
  startedAt,
  finishedAt: outcome === 'running' ? null : '2026-11-27T10:00:01.500Z',
  durationMs: outcome === 'running' ? null : 1500,
  outcome,
  error: outcome === 'failed' ? 'disk full' : null,
})

/** The screen with one read model, whose answers the spec then changes as the polls would. */
function showOne(first: ProjectionStatus) {
  // The polls are the spec's: the screen's own would ask a server there is none of.
  vi.spyOn(adminCalls, 'projections').mockReturnValue(new Promise(() => undefined))
  const queryClient = createQueryClient()
  const answer = (item: ProjectionStatus): ProjectionsAnswer => ({ head: '120', items: [item] })
  queryClient.setQueryData(adminKeys.projections(), answer(first))
  render(
    <QueryClientProvider client={queryClient}>
      <ProjectionsTable />
    </QueryClientProvider>,
  )
  const card = within(screen.getByRole('listitem', { name: first.name }))
  return {
    card,
    // React Query tells its observers a task later.
    poll: (item: ProjectionStatus) =>
      act(async () => {
        queryClient.setQueryData(adminKeys.projections(), answer(item))
        await new Promise((resolve) => setTimeout(resolve, 0))
      }),
  }
}

describe('a rebuild asked for from the keyboard', () => {
  it('keeps its button focusable while it runs: unavailable, not disabled, which would drop the focus', async () => {
    const idle = { ...follower('watchlist_items', null), lastRebuild: null }
    const rebuild = vi.spyOn(adminCalls, 'rebuild').mockReturnValue(new Promise(() => undefined))
    const { card, poll } = showOne(idle)
    const button = card.getByRole('button', { name: 'Rebuild from 0' })
    button.focus()
    fireEvent.click(button)
    await waitFor(() => expect(rebuild).toHaveBeenCalledTimes(1))
    await poll({ ...idle, lastRebuild: run('running', '2026-11-27T10:00:00.000Z') })

    expect(button.hasAttribute('disabled')).toBe(false)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(document.activeElement).toBe(button)
    fireEvent.click(button)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(rebuild).toHaveBeenCalledTimes(1)
  })

  it('is announced when it starts and when it ends, not at every step between', async () => {
    const earlier = run('done', '2026-11-26T09:00:00.000Z')
    const idle = { ...follower('watchlist_items', null), lastRebuild: earlier }
    const { card, poll } = showOne(idle)
    const status = card.getByRole('status')
    // A rebuild that ended before the screen opened is no news.
    expect(status.textContent).toBe('')

    const started = run('running', '2026-11-27T10:00:00.000Z')
    await poll({ ...idle, lastRebuild: started, rebuild: { position: '0', head: '120', progress: 0, waiting: true } })
    expect(status.textContent).toBe('Rebuild of watchlist_items waits for another rebuild to finish')
    await poll({
      ...idle,
      lastRebuild: started,
      rebuild: { position: '10', head: '120', progress: 0.08, waiting: false },
    })
    expect(status.textContent).toBe('Rebuilding watchlist_items from 0')
    await poll({
      ...idle,
      lastRebuild: started,
      rebuild: { position: '90', head: '120', progress: 0.75, waiting: false },
    })
    expect(status.textContent).toBe('Rebuilding watchlist_items from 0')

    await poll({ ...idle, lastRebuild: run('done', started!.startedAt), rebuild: null })
    expect(status.textContent).toBe('watchlist_items rebuilt in 1.50 s')
  })

  it('announces a rebuild that failed, with why', async () => {
    const idle = { ...follower('watchlist_items', null), lastRebuild: null }
    const { card, poll } = showOne(idle)
    await poll({ ...idle, lastRebuild: run('failed', '2026-11-27T10:00:00.000Z') })
    expect(card.getByRole('status').textContent).toBe('Rebuild of watchlist_items failed: disk full')
  })
})
