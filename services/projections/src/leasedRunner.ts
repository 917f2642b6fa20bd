import { holdLease, type HeldLease } from '@reelmates/infra/leases/holdLease'
import type { LeaseStore } from '@reelmates/infra/leases/port'
import { consoleLogger } from './runner/logger'
import { createProjectionRunner, type ProjectionRunner, type ProjectionRunnerOptions } from './runner'

export interface LeasedRunnerOptions extends Omit<ProjectionRunnerOptions, 'fence'> {
  leases: LeaseStore
  /** This process, in the lease. */
  owner: string
  ttlMs: number
  renewIntervalMs: number
  /** One lease for every projector of this runner; `projections` unless told. */
  leaseName?: string
}

export interface LeasedProjectionRunner extends ProjectionRunner {
  /** True while this process holds the lease and its runner applies events. */
  holdsLease(): boolean
  /** Stops without letting the lease go, as a crash would: another runner takes over once it expires. */
  abandon(): Promise<void>
}

/**
 * A projection runner for the distributed column, where two or more projection processes share one
 * read store: only the holder of the `projections` lease applies events, with every checkpoint
 * fenced by its token; the others wait, and one of them takes over (from the stored checkpoints)
 * once the holder dies and its lease expires.
 */
export function createLeasedProjectionRunner(options: LeasedRunnerOptions): LeasedProjectionRunner {
  const { leases, owner, ttlMs, renewIntervalMs, leaseName = 'projections', ...runnerOptions } = options
  const logger = runnerOptions.logger ?? consoleLogger
  let active: ProjectionRunner | undefined
  let held: HeldLease | undefined

  return {
    start() {
      if (held) return Promise.reject(new Error('A projection runner starts once; create a new one to start again'))
      held = holdLease({
        leases,
        name: leaseName,
        owner,
        ttlMs,
        renewIntervalMs,
        logger,
        async start(lease, lost) {
          const runner = createProjectionRunner({
            ...runnerOptions,
            fence: { lease: leaseName, token: lease.token, onLost: lost },
          })
          try {
            await runner.start()
          } catch (error) {
            await runner.stop()
            throw error
          }
          active = runner
          return {
            async stop() {
              // Still the active one until its last batch has landed or rolled back.
              await runner.stop()
              if (active === runner) active = undefined
            },
          }
        },
      })
      return Promise.resolve()
    },
    stop: async () => held?.stop(),
    abandon: async () => held?.stop({ release: false }),
    holdsLease: () => active !== undefined,
    waitForPosition: (position, timeoutMs, readModels) =>
      active?.waitForPosition(position, timeoutMs, readModels) ?? Promise.resolve(false),
    // Without the lease this process applies nothing, so every read model asked about is behind.
    readModelsBehind: (position, readModels) =>
      active?.readModelsBehind(position, readModels) ?? [
        ...(readModels ?? runnerOptions.projectors.map((projector) => projector.name)),
      ],
    status: () =>
      active?.status() ??
      runnerOptions.projectors.map((projector) => ({
        name: projector.name,
        version: projector.version,
        position: 0n,
        state: 'standby' as const,
      })),
    rebuild: (name, onStarted) =>
      active?.rebuild(name, onStarted) ??
      Promise.reject(new Error(`This process does not hold the ${leaseName} lease; rebuild where it is held`)),
  }
}
