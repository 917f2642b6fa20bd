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
})
