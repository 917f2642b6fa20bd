/**
 * What each read model costs in a replay (docs/replay.md, fourth pass): the cached realistic log
 * (`replayLog`, 100,000 events unless told) replayed through the real runner with every read model,
 * then once per read model alone, each in a process of its own so that none warms the next.
 *
 *   node --import tsx bench/replayReadModels.bench.ts [events]
 *
 * Figures only. The read model that handles almost nothing shows the fixed cost of reading the log
 * (SQLite, decryption, parsing, the runner), which every read model pays once between them.
 */
import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { allProjectors } from '@reelmates/projections/allProjectors'
import { createProjectionRunner } from '@reelmates/projections/runner'
import { openReplayCopy, replayLog } from './replayLog'

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** Replays the log through `names` (every read model when empty) in this process: seconds and CPU seconds. */
async function replay(total: number, names: string[]): Promise<{ seconds: number; cpuSeconds: number }> {
  const copy = await openReplayCopy(await replayLog(total), 'reelmates-bench-read-models-')
  try {
    const { eventStore, readStore } = copy
    const head = await eventStore.headPosition()
    const projectors = names.length === 0 ? allProjectors : allProjectors.filter((p) => names.includes(p.name))
    const runner = createProjectionRunner({ eventStore, readStore, projectors, logger: silent })
    const started = performance.now()
    const cpu = process.cpuUsage()
    await runner.start()
    if (!(await runner.waitForPosition(head, 60 * 60_000))) throw new Error('the replay did not reach the head')
    const seconds = (performance.now() - started) / 1000
    const used = process.cpuUsage(cpu)
    await runner.stop()
    await copy.close()
    return { seconds, cpuSeconds: (used.user + used.system) / 1e6 }
  } finally {
    rmSync(copy.dataDir, { recursive: true, force: true })
  }
}

const [, , totalArgument = '100000', only] = process.argv
const total = Number(totalArgument)
if (only !== undefined) {
  // A child: one read model (or all, for "*"), its figures on stdout as JSON.
  console.log(JSON.stringify(await replay(total, only === '*' ? [] : [only])))
  process.exit(0)
}

await replayLog(total) // built (or found cached) once, before any timing
const measure = (name: string) => {
  const output = execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, String(total), name], {
    encoding: 'utf8',
  })
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as { seconds: number; cpuSeconds: number }
}
const rows: Record<string, { seconds: number; 'events/s': number }> = {}
for (const name of ['*', ...allProjectors.map((projector) => projector.name)]) {
  const { seconds } = measure(name)
  rows[name === '*' ? 'every read model' : name] = {
    seconds: Math.round(seconds * 100) / 100,
    'events/s': Math.round(total / seconds),
  }
}
console.log(`\nReplay of ${total.toLocaleString('en-US')} events, every read model and then each alone`)
console.table(rows)
