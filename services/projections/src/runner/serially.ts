/**
 * Runs tasks one after another, in call order. The live batches and a rebuild's pages take turns
 * through it, so a swap never lands in the middle of a batch.
 */
export function serially(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task)
    tail = run.catch(() => undefined)
    return run
  }
}
