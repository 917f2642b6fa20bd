/**
 * `npm run test:infra`: runs every `*.infra.spec.ts` when there is something to run them against —
 * EVENTSTORE_URL / MONGO_URL, or a container runtime for testcontainers. Otherwise it says so and exits
 * with 3, so a machine without servers never reports a pass it did not earn.
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { getContainerRuntimeClient } from 'testcontainers'

const NOTHING_TO_RUN_AGAINST = 3
const root = fileURLToPath(new URL('../..', import.meta.url))

const urls = ['EVENTSTORE_URL', 'MONGO_URL'].filter((name) => (process.env[name]?.trim() ?? '') !== '')
const runtime = await containerRuntime()

if (urls.length < 2 && !runtime.available) {
  // Half a run is no run: with one URL only, the other server's suites would skip and vitest would
  // still exit 0, so a missing server is named instead.
  const missing = ['EVENTSTORE_URL', 'MONGO_URL'].filter((name) => !urls.includes(name))
  console.error(
    [
      `test:infra did NOT run: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set and no container runtime answers`,
      `(${runtime.reason}).`,
      'Start Docker (or Podman), or point both EVENTSTORE_URL and MONGO_URL at servers, then run it again.',
    ].join('\n'),
  )
  process.exit(NOTHING_TO_RUN_AGAINST)
}

console.log(
  `test:infra against ${[...urls, ...(runtime.available ? ['containers started by testcontainers'] : [])].join(', ')}`,
)
const vitest = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.infra.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(vitest.status ?? 1)

async function containerRuntime(): Promise<{ available: true } | { available: false; reason: string }> {
  try {
    await getContainerRuntimeClient()
    return { available: true }
  } catch (error) {
    return { available: false, reason: error instanceof Error ? error.message : String(error) }
  }
}
