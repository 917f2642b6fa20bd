import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { useShownFailure } from '../../lib/shownFailure'
import { AdminLoadFailed } from '../admin/AdminLoadFailed'
import { TryAgain } from './TryAgain'

/** The server's answers to the panel's list, one a time, each when the spec gives it. */
function answers() {
  let answer: (items: string[] | Error) => void = () => undefined
  return {
    next: () =>
      new Promise<string[]>((resolve, reject) => {
        answer = (items) => (items instanceof Error ? reject(items) : resolve(items))
      }),
    give: (items: string[] | Error) => act(async () => answer(items)),
  }
}

/** A panel of a screen as the admin screens draw one: its failure, then its list once loaded. */
function Panel({ server }: { server: ReturnType<typeof answers> }) {
  const jobs = useQuery({ queryKey: ['jobs'], queryFn: server.next, retry: false })
  const failure = useShownFailure(jobs)
  if (failure && !jobs.data) return <AdminLoadFailed error={failure} onRetry={() => void jobs.refetch()} />
  if (!jobs.data) return <p>Loading…</p>
  return (
    <ul aria-label="Timed jobs">
      {jobs.data.map((job) => (
        <li key={job}>{job}</li>
      ))}
    </ul>
  )
}

/** The panel failed, in `around`; Try again pressed, its answer the next to be given. */
async function retried(around: (panel: ReactNode) => ReactNode) {
  const server = answers()
  const client = new QueryClient()
  render(
    <QueryClientProvider client={client}>
      <main>
        <h1>Scheduler</h1>
        {around(<Panel server={server} />)}
      </main>
    </QueryClientProvider>,
  )
  await server.give(new Error('The read models are being rebuilt'))
  const retry = await screen.findByRole('button', { name: 'Try again' })
  retry.focus()
  fireEvent.click(retry)
  await server.give(['Digest'])
  await screen.findByRole('list', { name: 'Timed jobs' })
}

describe('Try again, once its answer loads what had failed', () => {
  afterEach(cleanup)

  it('gives the focus to the heading of the section that loaded', async () => {
    await retried((panel) => (
      <section aria-labelledby="jobs-heading">
        <h2 id="jobs-heading">Timed jobs</h2>
        {panel}
      </section>
    ))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Timed jobs' })))
  })

  it('gives it to a section named by no heading itself, for this once', async () => {
    await retried((panel) => <section aria-label="Report">{panel}</section>)
    const report = screen.getByRole('region', { name: 'Report' })
    await waitFor(() => expect(document.activeElement).toBe(report))
    expect(report.getAttribute('tabindex')).toBe('-1')
    act(() => report.blur())
    expect(report.hasAttribute('tabindex')).toBe(false)
  })

  it('gives it to the screen’s heading when the panel is the screen', async () => {
    await retried((panel) => panel)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Scheduler' })))
  })

  it('leaves it to the new screen when the address changed as the failure went', async () => {
    const screenAt = (failed: boolean) => (
      <main>
        <h1>{failed ? 'Title unavailable' : 'Scheduler'}</h1>
        {failed ? (
          <section aria-label="Title">
            <TryAgain onRetry={() => undefined} />
          </section>
        ) : null}
      </main>
    )
    const { rerender } = render(screenAt(true))
    screen.getByRole('button', { name: 'Try again' }).focus()
    window.history.pushState(null, '', '/admin/scheduler')
    try {
      rerender(screenAt(false))
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
      // `FocusOnNewScreen` gives the new screen its start, after the new screen's own effects.
      expect(document.activeElement).toBe(document.body)
    } finally {
      window.history.back()
    }
  })
})
