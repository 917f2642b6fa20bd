import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One vitest project per workspace; `npm test` runs them all on the embedded adapters.
const node = (name: string, root: string) => ({
  test: {
    name,
    root,
    environment: 'node' as const,
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    // *.infra.spec.ts need real EventStoreDB/MongoDB servers: `npm run test:infra` runs them.
    exclude: ['**/node_modules/**', '**/*.infra.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker keeps the modules it has loaded from one file to the next: loading them again for every
    // file was half of the node projects' time (9.3 → 4.4 min for the whole run here). Every app, store
    // and clock a test uses is made by the test, so nothing it changes outlives it. The web project stays
    // isolated: its files share jsdom's globals and @tanstack/query's onlineManager.
    isolate: false,
  },
})

export default defineConfig({
  test: {
    // Vitest leaves one core free by default, which on a two-core machine runs every file in turn while
    // most of a file's time is spent loading modules and waiting on child processes: two at once
    // halves the run (9.4 → 5.9 min here) with the same results.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      node('contracts', './contracts'),
      node('infra', './infra'),
      node('commands', './services/commands'),
      node('projections', './services/projections'),
      node('gateway', './services/gateway'),
      node('scheduler', './services/scheduler'),
      './web/vitest.config.ts',
    ],
  },
})
