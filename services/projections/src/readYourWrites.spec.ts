import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPositionWaiters } from './readYourWrites'

describe('waiting for a log position', () => {
  afterEach(() => vi.useRealTimers())

  it('answers true at once when the position is reached already', async () => {
    const waiters = createPositionWaiters((position) => position <= 3n)
    expect(await waiters.wait(3n, 0)).toBe(true)
  })

  it('answers true when a later check finds the position reached', async () => {
    let reached = 0n
    const waiters = createPositionWaiters((position) => position <= reached)
    const answer = waiters.wait(2n, 60_000)
    reached = 1n
    waiters.check()
    reached = 2n
    waiters.check()
    expect(await answer).toBe(true)
  })

  it('answers false when the time is up', async () => {
    vi.useFakeTimers()
    const waiters = createPositionWaiters(() => false)
    const answer = waiters.wait(2n, 5_000)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(await answer).toBe(false)
  })

  it('answers false to everyone waiting when closed, and to later questions', async () => {
    const waiters = createPositionWaiters((position) => position === 0n)
    const answers = [waiters.wait(1n, 60_000), waiters.wait(2n, 60_000)]
    waiters.close()
    expect(await Promise.all(answers)).toEqual([false, false])
    expect(await waiters.wait(5n, 60_000)).toBe(false)
  })
})
