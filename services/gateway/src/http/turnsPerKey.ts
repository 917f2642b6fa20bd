/**
 * Work run one at a time per key, in the order it arrived; different keys run side by side. For a
 * check that reads a read model and then writes what the next check must count: run in turn, each
 * sees the one before it (once the route waited for the read model), where run at once all would
 * see the same count and all pass.
 *
 * In this process's memory: behind N gateways each keeps its own turns.
 */
export class TurnsPerKey {
  private readonly last = new Map<string, Promise<unknown>>()

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.last.get(key) ?? Promise.resolve()
    // A turn that failed still ends: the next one runs after it all the same.
    const mine = before.then(work, work)
    const settled = mine.then(
      () => undefined,
      () => undefined,
    )
    this.last.set(key, settled)
    try {
      return await mine
    } finally {
      // The key goes once its last turn is over, so the map holds only keys with work under way.
      if (this.last.get(key) === settled) this.last.delete(key)
    }
  }
}
