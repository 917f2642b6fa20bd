import type { FastifyBaseLogger } from 'fastify'
import type { Platform } from '../platform'

const pendingByPlatform = new WeakMap<Platform, Set<Promise<void>>>()

/**
 * Recovery requests answer before they look the email up, so that an address with an account and
 * one without take the same time to answer (no account enumeration by timing). The work then runs
 * here; a failure is logged, never shown to whoever asked.
 */
export function afterAnswering(platform: Platform, log: FastifyBaseLogger, work: () => Promise<void>): void {
  let pending = pendingByPlatform.get(platform)
  if (!pending) {
    pending = new Set()
    pendingByPlatform.set(platform, pending)
  }
  const set = pending
  const running = work()
    .catch((error: unknown) => {
      log.error({ err: error }, 'account mail work failed')
    })
    .finally(() => set.delete(running))
  set.add(running)
}

/** Resolves once every piece of work started by `afterAnswering` has finished (server close, tests). */
export async function accountWorkSettled(platform: Platform): Promise<void> {
  const pending = pendingByPlatform.get(platform)
  while (pending && pending.size > 0) await Promise.allSettled([...pending])
}
