import type { EventStore } from '@reelmates/infra/eventStore/port'
import type { ReadStore } from '@reelmates/infra/readStore/port'
import { accountErasure } from './erasure/accountErasure'
import type { ErasureTargets } from './erasure/eraseAccountData'
import { startReactor, type ReactorLogger, type RunningReactor } from './reactor'

export { eraseAccountData, type ErasureTargets } from './erasure/eraseAccountData'

export interface SchedulerDependencies extends ErasureTargets {
  /** The log as stored: followed for event types and positions, with no personal field decrypted. */
  storedLog: EventStore
  readStore: ReadStore
  logger: ReactorLogger
}

export interface Scheduler {
  /** Resolves once every reaction has handled the log up to `position`. */
  waitForPosition(position: bigint, timeoutMs: number): Promise<boolean>
  stop(): Promise<void>
}

/** The scheduler: reactions to events that act on the world outside the read models. */
export async function startScheduler(dependencies: SchedulerDependencies): Promise<Scheduler> {
  const following = {
    eventStore: dependencies.storedLog,
    readStore: dependencies.readStore,
    logger: dependencies.logger,
  }
  const reactors: RunningReactor[] = [await startReactor(accountErasure(dependencies), following)]
  return {
    async waitForPosition(position, timeoutMs) {
      const answers = await Promise.all(reactors.map((reactor) => reactor.waitForPosition(position, timeoutMs)))
      return answers.every(Boolean)
    },
    async stop() {
      await Promise.all(reactors.map((reactor) => reactor.stop()))
    },
  }
}
