/**
 * Read-your-writes: queries that carry the position a command answered (`X-Min-Position`) wait here
 * until the read models have reached it, or until a bounded time has passed.
 */
export interface PositionWaiters {
  /**
   * Resolves true once `reached(position, readModels)` holds, false after `timeoutMs` or when closed.
   * `readModels` names the read models the query reads; undefined means all of them.
   */
  wait(position: bigint, timeoutMs: number, readModels?: readonly string[]): Promise<boolean>
  /** Re-checks every waiter; call after anything that moves the read models forward. */
  check(): void
  /** Answers false to everyone still waiting (the runner stopped). */
  close(): void
}

export const DEFAULT_READ_YOUR_WRITES_TIMEOUT_MS = 5_000

export function createPositionWaiters(
  reached: (position: bigint, readModels?: readonly string[]) => boolean,
): PositionWaiters {
  const waiting = new Set<{
    position: bigint
    readModels: readonly string[] | undefined
    settle: (reached: boolean) => void
  }>()
  let closed = false

  return {
    wait(position, timeoutMs, readModels) {
      if (reached(position, readModels)) return Promise.resolve(true)
      if (closed) return Promise.resolve(false)
      return new Promise<boolean>((resolve) => {
        const waiter = {
          position,
          readModels,
          settle(answer: boolean) {
            clearTimeout(timer)
            waiting.delete(waiter)
            resolve(answer)
          },
        }
        const timer = setTimeout(() => waiter.settle(false), Math.max(0, timeoutMs))
        waiting.add(waiter)
      })
    },
    check() {
      for (const waiter of waiting) if (reached(waiter.position, waiter.readModels)) waiter.settle(true)
    },
    close() {
      closed = true
      for (const waiter of waiting) waiter.settle(false)
    },
  }
}
