/**
 * Runs library changes one after another, in the order the user made them: every change to a
 * user's watchlist or log lands on the same event stream, and a drag that is sent before the add it
 * depends on would be refused (or put the title in the wrong place).
 */
export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>
  /** How many changes are waiting or running; a settled change no longer counts when its caller hears of it. */
  readonly size: number
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve()
  let size = 0
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      size++
      // A failed change must not stop the ones after it: each waits only for the previous to settle.
      const result = tail.then(task, task).finally(() => {
        size--
      })
      tail = result.catch(() => undefined)
      return result
    },
    get size() {
      return size
    },
  }
}
