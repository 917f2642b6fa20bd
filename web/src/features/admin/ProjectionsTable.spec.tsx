import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProjectionStatus, ProjectionsAnswer } from '@reelmates/contracts/projectionsAdmin'
import { createQueryClient } from '../../lib/queryClient'
import { ProjectionsTable } from './ProjectionsTable'
import { adminKeys } from './queries'

afterEach(cleanup)

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
