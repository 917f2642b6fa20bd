import { QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../../lib/queryClient'
import { activityQuery, feedRefetchMs } from './feedQueries'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Opens an activity's screen whose server answers `status`, keeps it open 20 s: how often was it asked? */
async function askedWhileOpen(status: number): Promise<number> {
  const fetch = vi.fn(() =>
    Promise.resolve(
      new Response(
        JSON.stringify(status === 404 ? { message: 'Activity not found' } : { activity: {}, comments: [] }),
        {
          status,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    ),
  )
  vi.stubGlobal('fetch', fetch)
  // Each failed request is logged (lib/api.ts); counted through fetch here, kept out of the output.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
  const observer = new QueryObserver(createQueryClient(), activityQuery('watched:e1'))
  const stop = observer.subscribe(() => undefined)
  try {
    await vi.advanceTimersByTimeAsync(0)
    expect(observer.getCurrentResult().status).toBe(status === 404 ? 'error' : 'success')
    await vi.advanceTimersByTimeAsync(4 * feedRefetchMs)
  } finally {
    stop()
  }
  return fetch.mock.calls.length
}

describe('an activity open on its own screen', () => {
  it('is asked again every few seconds while it is there, so comments and reactions arrive live', async () => {
    expect(await askedWhileOpen(200)).toBe(5)
  })

  it('is not asked again once the server says it is gone (deleted, or no longer a friend’s)', async () => {
    expect(await askedWhileOpen(404)).toBe(1)
  })
})
