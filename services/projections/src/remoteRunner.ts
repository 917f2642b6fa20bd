import type { ReadStore } from '@reelmates/infra/readStore/port'
import type { Projector } from './projector'
import { DEFAULT_READ_YOUR_WRITES_TIMEOUT_MS } from './readYourWrites'
import type { ProjectionRunner, ProjectorStatus } from './runner'
import { readCheckpoints } from './runner/checkpoints'

const POLL_MS = 50
const STATUS_REFRESH_MS = 1_000

const named = (statuses: ProjectorStatus[], readModels: readonly string[] | undefined) =>
  readModels === undefined ? statuses : statuses.filter((status) => readModels.includes(status.name))

/**
 * The projection runner as a gateway of the distributed column sees it: the projectors run in the
 * projection processes, and their checkpoints in the shared read store say how far they have come.
 * Read-your-writes waits by reading those checkpoints; nothing here applies an event.
 */
export function watchRemoteProjections({
  readStore,
  projectors,
  pollMs = POLL_MS,
}: {
  readStore: ReadStore
  projectors: readonly Projector[]
  pollMs?: number
}): ProjectionRunner {
  let latest: ProjectorStatus[] = projectors.map((projector) => ({
    name: projector.name,
    version: projector.version,
    position: 0n,
    state: 'standby',
  }))
  let stopped = false
  let refreshing: NodeJS.Timeout | undefined

  async function refresh(): Promise<ProjectorStatus[]> {
    const checkpoints = await readCheckpoints(readStore)
    latest = projectors.map((projector) => {
      const checkpoint = checkpoints.get(projector.name)
      return {
        name: projector.name,
        version: checkpoint?.version ?? projector.version,
        position: checkpoint ? BigInt(checkpoint.position) : 0n,
        state: 'standby',
      }
    })
    return latest
  }

  return {
    async start() {
      await refresh()
      // Keeps `status()` (the health answer) close to what the projection processes have done.
      refreshing = setInterval(() => void refresh().catch(() => undefined), STATUS_REFRESH_MS)
      refreshing.unref()
    },
    stop: () => {
      stopped = true
      clearInterval(refreshing)
      return Promise.resolve()
    },
    async waitForPosition(position, timeoutMs = DEFAULT_READ_YOUR_WRITES_TIMEOUT_MS, readModels) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        if (stopped) return false
        const statuses = named(await refresh(), readModels)
        if (statuses.every((status) => status.position >= position)) return true
        if (Date.now() >= deadline) return false
        await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))))
      }
    },
    // As of the last refresh: waitForPosition has just refreshed when the gateway asks.
    readModelsBehind: (position, readModels) =>
      named(latest, readModels)
        .filter((status) => status.position < position)
        .map((status) => status.name),
    status: () => latest,
    rebuild: (name) =>
      Promise.reject(new Error(`${name} is rebuilt by the projection process that holds the projections lease`)),
  }
}
