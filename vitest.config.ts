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
  },
})

export default defineConfig({
  test: {
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
