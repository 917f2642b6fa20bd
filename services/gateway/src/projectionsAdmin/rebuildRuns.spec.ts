import { describe, expect, it } from 'vitest'
import type { ProjectionRunner } from '@reelmates/projections/runner'
import { rebuildRuns } from './rebuildRuns'

/** A runner whose one rebuild the spec moves along: out of the queue, then finished. */
function runnerWithOneRebuild() {
  const steps: { leaveQueue?: () => void; finish?: () => void } = {}
  const runner = {
    rebuild: (_name: string, onStarted?: () => void) =>
      new Promise<void>((resolve) => {
        steps.leaveQueue = () => onStarted?.()
        steps.finish = resolve
      }),
  } as unknown as ProjectionRunner
  return { runner, steps }
}

describe('rebuildRuns', () => {
  it('says how long the rebuild took from when it left the queue, not from when it was asked for', async () => {
    const { runner, steps } = runnerWithOneRebuild()
    let clock = Date.parse('2026-12-02T10:00:00.000Z')
    const runs = rebuildRuns(runner, () => new Date(clock))

    const { run, done } = runs.start('users')
    clock += 2_400 // behind another read model's rebuild
    steps.leaveQueue?.()
    clock += 900
    steps.finish?.()
    await done

    expect(run).toMatchObject({ outcome: 'done', startedAt: '2026-12-02T10:00:00.000Z', durationMs: 900 })
    expect(run.finishedAt).toBe('2026-12-02T10:00:03.300Z')
  })

  it('keeps the first start when the rebuild is asked for again while it runs', async () => {
    let finish: () => void = () => undefined
    const running = new Promise<void>((resolve) => (finish = resolve))
    let asked = 0
    // As the runner does: a rebuild already running is told at once that it started, and joined.
    const runner = {
      rebuild: (_name: string, onStarted?: () => void) => {
        asked += 1
        onStarted?.()
        return running
      },
    } as unknown as ProjectionRunner
    let clock = Date.parse('2026-12-02T10:00:00.000Z')
    const runs = rebuildRuns(runner, () => new Date(clock))

    const first = runs.start('users')
    clock += 10_000
    const second = runs.start('users')
    clock += 1_000
    finish()
    await Promise.all([first.done, second.done])

    expect(asked).toBe(2)
    expect(second.run).toBe(first.run)
    expect(first.run).toMatchObject({ outcome: 'done', durationMs: 11_000 })
  })
})
